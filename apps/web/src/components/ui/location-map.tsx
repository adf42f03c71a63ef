import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { SaverTiles } from './saver-tiles.tsx';

/** Accra, when the provider has no point yet. */
const DEFAULT_CENTER: [number, number] = [5.6037, -0.187];
const DEFAULT_ZOOM = 12;
const POINT_ZOOM = 14;
export const MAP_LABEL = 'Map: click to set your location';

// A CSS/SVG pin: Leaflet's default icon loads images from relative paths that break under Vite.
const PIN = L.divIcon({
  className: 'adwuma-map-pin',
  html: '<svg viewBox="0 0 24 32" width="28" height="38" aria-hidden="true" focusable="false"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="#b45309" stroke="#fff" stroke-width="1.5"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>',
  iconSize: [28, 38],
  iconAnchor: [14, 38],
});

export interface MapPoint {
  latitude: number;
  longitude: number;
}

interface Props {
  /** The step's current point, or null. */
  point: MapPoint | null;
  /** Changes when the map should fly to `point` (search result or device location, not a map click). */
  focus: number;
  /** The provider clicked the map or dragged the pin. */
  onPick: (latitude: number, longitude: number) => void;
}

function Behaviour({ point, focus, onPick }: Props) {
  const map = useMap();
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });

  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', MAP_LABEL);
  }, [map]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fly only when the parent asks (focus)
  useEffect(() => {
    if (focus === 0 || !point) return;
    map.flyTo([point.latitude, point.longitude], Math.max(map.getZoom(), POINT_ZOOM), { duration: 0.6 });
  }, [focus, map]);
  return null;
}

/** Leaflet map of the location step; lazy-loaded so Leaflet only downloads here. Works without tiles. */
export default function LocationMap({ point, focus, onPick }: Props) {
  // Only the first render's view matters; MapContainer ignores later changes.
  const [initial] = useState(() => ({
    center: point ? ([point.latitude, point.longitude] as [number, number]) : DEFAULT_CENTER,
    zoom: point ? POINT_ZOOM : DEFAULT_ZOOM,
  }));
  const handlers = useMemo(
    () => ({
      dragend: (e: L.DragEndEvent) => {
        const { lat, lng } = (e.target as L.Marker).getLatLng();
        onPick(lat, lng);
      },
    }),
    [onPick],
  );
  return (
    <MapContainer
      center={initial.center}
      zoom={initial.zoom}
      className="h-64 w-full rounded-xl border border-border bg-muted!"
      style={{ zIndex: 0 }}
    >
      <SaverTiles />
      {point && (
        <Marker
          position={[point.latitude, point.longitude]}
          icon={PIN}
          draggable
          eventHandlers={handlers}
          title="Your location"
          alt="Your location"
        />
      )}
      <Behaviour point={point} focus={focus} onPick={onPick} />
    </MapContainer>
  );
}
