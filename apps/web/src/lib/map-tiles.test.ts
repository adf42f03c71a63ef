import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL, mapTileUrl } from './map-tiles.ts';

describe('mapTileUrl', () => {
  afterEach(() => {
    for (const meta of document.head.querySelectorAll('meta[name="adwuma-map-tiles"]')) meta.remove();
  });

  const setMeta = (content: string) => {
    const meta = document.createElement('meta');
    meta.name = 'adwuma-map-tiles';
    meta.content = content;
    document.head.append(meta);
  };

  it("reads the server's MAP_TILE_URL from the page", () => {
    setMeta('https://tiles.example.net/{z}/{x}/{y}.png?key=a&b=1');
    expect(mapTileUrl()).toBe('https://tiles.example.net/{z}/{x}/{y}.png?key=a&b=1');
  });

  it('falls back to OpenStreetMap without the meta or with an empty one', () => {
    expect(mapTileUrl()).toBe(DEFAULT_MAP_TILE_URL);
    expect(DEFAULT_MAP_TILE_URL).toContain('tile.openstreetmap.org');
    setMeta('  ');
    expect(mapTileUrl()).toBe(DEFAULT_MAP_TILE_URL);
  });
});
