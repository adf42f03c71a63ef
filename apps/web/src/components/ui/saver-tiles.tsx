import { useState } from 'react';
import { TileLayer } from 'react-leaflet';
import { useDataSaver } from '../../lib/data-saver.ts';
import { useSaverText } from '../../lib/data-saver-text.ts';
import { MAP_ATTRIBUTION, MAP_TILE_URL } from '../../lib/map-tiles.ts';

/**
 * A map's tiles, or with the data saver on none until asked (issue 21): the map still works
 * (markers, picking a point) on its plain background, and "Show map" loads the tiles.
 * Render it inside a react-leaflet MapContainer.
 */
export function SaverTiles() {
  const saver = useDataSaver();
  const { t } = useSaverText();
  const [asked, setAsked] = useState(false);
  if (!saver || asked) return <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />;
  return (
    <div className="pointer-events-none absolute inset-x-0 top-2 z-[1000] flex justify-center">
      <div className="pointer-events-auto flex items-center gap-2 rounded-full bg-white/95 px-3 py-1.5 text-xs shadow dark:bg-stone-900/95">
        <span className="text-stone-600 dark:text-stone-300">{t('mapHidden')}</span>
        <button
          type="button"
          onClick={() => setAsked(true)}
          className="font-semibold text-brand-700 underline dark:text-brand-300"
        >
          {t('showMap')}
        </button>
      </div>
    </div>
  );
}
