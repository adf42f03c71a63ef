import { describe, expect, it } from 'vitest';
import { isAppPage, ROUTES } from './routes.ts';

describe('isAppPage', () => {
  it('knows every path of the table, as the web router matches it', () => {
    for (const pattern of Object.values(ROUTES)) {
      const path = pattern.replaceAll(/:[A-Za-z_]+/g, 'x-1');
      expect(isAppPage(path, { devRoutes: true }), path).toBe(true);
    }
    expect(isAppPage('/SEARCH/')).toBe(true);
    expect(isAppPage('/task/abc/edit')).toBe(true);
  });

  it('knows no other path', () => {
    for (const path of [
      '/wp-admin',
      '/.env',
      '/task',
      '/task/a/b',
      '/searchx',
      '/admin/users/1/2',
      '//search',
    ])
      expect(isAppPage(path), path).toBe(false);
  });

  it('counts the development pages only for a build that has them', () => {
    expect(isAppPage(ROUTES.devCrash)).toBe(false);
    expect(isAppPage(ROUTES.devCrash, { devRoutes: true })).toBe(true);
  });
});
