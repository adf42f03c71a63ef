import { describe, expect, it } from 'vitest';
import { type BuildManifest, precacheFiles } from './precache-list.ts';

const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/index.css'],
    dynamicImports: [
      'src/features/search/search-page.tsx',
      'src/features/admin/admin-users-page.tsx',
      'src/components/site/toast-area.tsx',
    ],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/components/site/toast-area.tsx': { file: 'assets/toast-area.js' },
  'src/features/search/search-page.tsx': {
    file: 'assets/search-page.js',
    imports: ['_vendor.js', '_cards.js'],
    dynamicImports: ['src/features/search/map/results-map.tsx'],
  },
  '_cards.js': { file: 'assets/cards.js', css: ['assets/cards.css'] },
  'src/features/search/map/results-map.tsx': { file: 'assets/results-map.js' },
  'src/features/admin/admin-users-page.tsx': { file: 'assets/admin-users-page.js' },
};

describe('precacheFiles', () => {
  it('takes the app’s start and the offline pages, not other pages nor the map', () => {
    const files = precacheFiles(manifest);
    expect([...files].sort()).toEqual(
      [
        'assets/index.js',
        'assets/index.css',
        'assets/vendor.js',
        'assets/toast-area.js',
        'assets/search-page.js',
        'assets/cards.js',
        'assets/cards.css',
      ].sort(),
    );
  });
});
