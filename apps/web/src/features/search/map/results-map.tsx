import 'leaflet/dist/leaflet.css';
import { formatMoney, type ProviderCard } from '@adwuma/shared';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { Circle, CircleMarker, MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { SaverTiles } from '../../../components/ui/saver-tiles.tsx';
import { useSearchText } from '../i18n.ts';
import { boundsOf, type Cluster, clusterPoints } from './cluster.ts';

/** Ghana, when nothing on the page has a position. */
const GHANA_CENTER: [number, number] = [7.9465, -1.0232];
const GHANA_ZOOM = 6;
export const RESULTS_MAP_LABEL = 'Map of the providers on this page';

const position = (p: ProviderCard) =>
  p.latitude !== null && p.longitude !== null ? { lat: p.latitude, lng: p.longitude } : null;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function providerIcon(p: ProviderCard, selected: boolean, newLabel = 'New') {
  const label =
    p.min_price_minor !== null
      ? formatMoney(p.min_price_minor, 'GHS')
      : p.total_reviews > 0
        ? `★ ${p.rating.toFixed(1)}`
        : newLabel;
  // A price pill centred on the provider's (approximate) position; sized so it can be tapped.
  const width = Math.max(28, 14 + label.length * 7);
  return L.divIcon({
    className: 'adwuma-result-pin',
    html: `<span class="flex h-full w-full items-center justify-center whitespace-nowrap rounded-full border-2 border-white text-xs font-bold text-white shadow-md ${
      selected ? 'scale-110 bg-fg ring-2 ring-brand-500' : 'bg-brand-600'
    }">${escapeHtml(label)}</span>`,
    iconSize: [width, 26],
    iconAnchor: [width / 2, 13],
  });
}

function clusterIcon(count: number) {
  const size = count < 10 ? 36 : count < 50 ? 44 : 52;
  return L.divIcon({
    className: 'adwuma-result-cluster',
    html: `<span style="width:${size}px;height:${size}px" class="flex items-center justify-center rounded-full border-4 border-white/80 bg-leaf-600 text-sm font-bold text-white shadow-md">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

interface Props {
  providers: ProviderCard[];
  /** The searched place and radius (km), drawn as a dot and a ring. */
  center: { lat: number; lng: number; radiusKm: number } | null;
  selected: string[];
  /** A marker (one id) or a cluster that cannot be split further (its ids) was chosen. */
  onSelect: (ids: string[]) => void;
}

function Markers({ providers, selected, onSelect }: Omit<Props, 'center'>) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const { t } = useSearchText();
  const mapLabel = t('page.mapLabel');

  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', mapLabel);
  }, [map, mapLabel]);

  const clusters = useMemo(
    () =>
      clusterPoints(
        providers,
        position,
        (p) => map.project([p.lat, p.lng], zoom),
        (p) => p.provider_id,
      ),
    [providers, map, zoom],
  );

  const open = (c: Cluster<ProviderCard>) => {
    const box = boundsOf(c.items.map((p) => position(p)!));
    const canSplit = box && (box[0][0] !== box[1][0] || box[0][1] !== box[1][1]) && zoom < map.getMaxZoom();
    if (canSplit) map.fitBounds(box, { padding: [48, 48], maxZoom: map.getMaxZoom() });
    else onSelect(c.items.map((p) => p.provider_id));
  };

  return clusters.map((c) => {
    if (c.items.length === 1) {
      const p = c.items[0]!;
      return (
        <Marker
          key={c.key}
          position={[c.lat, c.lng]}
          icon={providerIcon(p, selected.includes(p.provider_id), t('page.newProvider'))}
          title={p.name}
          alt={p.name}
          keyboard
          eventHandlers={{ click: () => onSelect([p.provider_id]) }}
        />
      );
    }
    return (
      <Marker
        key={c.key}
        position={[c.lat, c.lng]}
        icon={clusterIcon(c.items.length)}
        title={t('page.here', { count: c.items.length })}
        alt={t('page.here', { count: c.items.length })}
        keyboard
        eventHandlers={{ click: () => open(c) }}
      />
    );
  });
}

/** Fits the view around the page's providers (and the searched place) whenever they change. */
function FitView({ providers, center }: Pick<Props, 'providers' | 'center'>) {
  const map = useMap();
  useEffect(() => {
    const points = providers.map(position).filter((p): p is { lat: number; lng: number } => p !== null);
    if (center) points.push({ lat: center.lat, lng: center.lng });
    const box = boundsOf(points);
    if (!box) map.setView(GHANA_CENTER, GHANA_ZOOM);
    else if (points.length === 1) map.setView(box[0], 13);
    else map.fitBounds(box, { padding: [40, 40], maxZoom: 14 });
  }, [providers, center, map]);
  return null;
}

/**
 * The results as Leaflet markers (clustered when close), the searched place and its radius. Loaded
 * on demand: Leaflet's code and styles download only when the map is shown. Works without tiles.
 */
export default function ResultsMap({ providers, center, selected, onSelect }: Props) {
  return (
    <MapContainer
      center={GHANA_CENTER}
      zoom={GHANA_ZOOM}
      className="h-full w-full bg-muted!"
      style={{ zIndex: 0 }}
      scrollWheelZoom={false}
    >
      <SaverTiles />
      {center && (
        <>
          <Circle
            center={[center.lat, center.lng]}
            radius={center.radiusKm * 1000}
            pathOptions={{ color: '#b45309', weight: 1.5, fillOpacity: 0.05 }}
            interactive={false}
          />
          <CircleMarker
            center={[center.lat, center.lng]}
            radius={7}
            pathOptions={{ color: '#fff', weight: 2, fillColor: '#1d4ed8', fillOpacity: 1 }}
            interactive={false}
          />
        </>
      )}
      <Markers providers={providers} selected={selected} onSelect={onSelect} />
      <FitView providers={providers} center={center} />
    </MapContainer>
  );
}
