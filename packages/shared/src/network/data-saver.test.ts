import { describe, expect, it } from 'vitest';
import { DATA_SAVER_POLL_FACTOR, dataSaverOn, pollInterval } from './data-saver.ts';

describe('data saver (issue 21)', () => {
  it('is on when the browser sends Save-Data: on and the device chose nothing', () => {
    expect(dataSaverOn({ saveData: 'on' })).toBe(true);
    expect(dataSaverOn({ saveData: ' On ' })).toBe(true);
    expect(dataSaverOn({ saveData: null })).toBe(false);
    expect(dataSaverOn({})).toBe(false);
  });

  it('follows the device’s choice over the header either way', () => {
    expect(dataSaverOn({ cookie: 'off', saveData: 'on' })).toBe(false);
    expect(dataSaverOn({ cookie: 'on' })).toBe(true);
    expect(dataSaverOn({ cookie: 'garbage', saveData: 'on' })).toBe(true);
  });

  it('polls less often with it on', () => {
    expect(pollInterval(5000, false)).toBe(5000);
    expect(pollInterval(5000, true)).toBe(5000 * DATA_SAVER_POLL_FACTOR);
    expect(pollInterval(false, true)).toBe(false);
  });
});
