import { describe, expect, it } from 'vitest';
import { boundsOf, clusterPoints, mercator } from './cluster.ts';

const accra = { id: 'accra', lat: 5.6037, lng: -0.187 };
const osu = { id: 'osu', lat: 5.556, lng: -0.18 };
const kumasi = { id: 'kumasi', lat: 6.6885, lng: -1.6244 };
const points = [accra, osu, kumasi];
const cluster = (zoom: number) =>
  clusterPoints(
    points,
    (p) => p,
    mercator(zoom),
    (p) => p.id,
  );

describe('results map clustering', () => {
  it('projects like Leaflet: the world is 256 px wide at zoom 0', () => {
    expect(mercator(0)({ lat: 0, lng: 0 })).toEqual({ x: 128, y: 128 });
    expect(mercator(1)({ lat: 0, lng: 180 }).x).toBe(512);
  });

  it('groups nearby providers when zoomed out and separates them when zoomed in', () => {
    const country = cluster(6);
    expect(country).toHaveLength(2);
    const accraArea = country.find((c) => c.items.length === 2);
    expect(accraArea?.items.map((p) => p.id).sort()).toEqual(['accra', 'osu']);
    expect(accraArea?.lat).toBeCloseTo((accra.lat + osu.lat) / 2);
    expect(cluster(14)).toHaveLength(3);
  });

  it('merges groups that would overlap across a cell border', () => {
    const project = mercator(10);
    const a = { id: 'a', lat: 5.6, lng: -0.2 };
    const { x, y } = project(a);
    // 10 px east of a, but in the next 56 px cell.
    const cellEdge = (Math.floor(x / 56) + 1) * 56;
    const lngAt = (px: number) => (px / (256 * 2 ** 10)) * 360 - 180;
    const b = { id: 'b', lat: 5.6, lng: lngAt(cellEdge + 1) };
    const c = { id: 'c', lat: 5.6, lng: lngAt(cellEdge - 9) };
    expect(Math.floor(project(b).x / 56)).not.toBe(Math.floor(project(c).x / 56));
    expect(project(b).y).toBeCloseTo(y);
    const found = clusterPoints(
      [b, c],
      (p) => p,
      project,
      (p) => p.id,
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.items.map((p) => p.id).sort()).toEqual(['b', 'c']);
  });

  it('skips providers without a position and fits bounds around the rest', () => {
    const found = clusterPoints(
      [accra, { id: 'nowhere', lat: 0, lng: 0 }],
      (p) => (p.id === 'nowhere' ? null : p),
      mercator(10),
      (p) => p.id,
    );
    expect(found.flatMap((c) => c.items.map((p) => p.id))).toEqual(['accra']);
    expect(boundsOf([])).toBeNull();
    expect(boundsOf(points)).toEqual([
      [osu.lat, kumasi.lng],
      [kumasi.lat, osu.lng],
    ]);
  });
});
