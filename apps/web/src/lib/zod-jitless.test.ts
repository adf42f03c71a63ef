import { describe, expect, it } from 'vitest';
import { config } from 'zod';
import './zod-jitless.ts';

describe('zod-jitless', () => {
  it('zod reads the setting from the global it keeps its settings in', () => {
    const scope = globalThis as { __zod_globalConfig?: unknown };
    expect(config()).toBe(scope.__zod_globalConfig);
    expect(config().jitless).toBe(true);
  });
});
