import { AB_STORAGE_KEY, assignVariant } from '@adwuma/shared/admin/experiment-assignment';
import { UTM_STORAGE_KEY } from '@adwuma/shared/utm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AB_REPORTED_KEY, captureUtm, experimentVariant, sessionId, trackExperiment } from './analytics.ts';
import { SESSION_ID_KEY } from './storage.ts';

describe('A/B assignment and the ab_test event', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  const sentEvents = () =>
    fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));

  it("assigns from the visitor's id and stores the variant beside the UTM parameters", () => {
    window.history.replaceState(null, '', '/landing?utm_source=whatsapp&utm_campaign=launch');
    captureUtm();
    const id = sessionId();
    const variant = experimentVariant('landing_hero');
    expect(variant).toBe(assignVariant('landing_hero', id));
    expect(JSON.parse(window.localStorage.getItem(AB_STORAGE_KEY)!)).toEqual({ landing_hero: variant });
    expect(JSON.parse(window.localStorage.getItem(UTM_STORAGE_KEY)!)).toMatchObject({
      utm_source: 'whatsapp',
    });
    window.history.replaceState(null, '', '/');
  });

  it('keeps the stored variant on later visits, even under a new visitor id', () => {
    window.localStorage.setItem(SESSION_ID_KEY, 'visitor-aaaa');
    const first = experimentVariant('landing_hero')!;
    window.localStorage.setItem(SESSION_ID_KEY, 'visitor-bbbb');
    for (let visit = 0; visit < 3; visit++) expect(experimentVariant('landing_hero')).toBe(first);
  });

  it('sends one ab_test event per visitor session, with the experiment, variant, session and UTM source', () => {
    window.localStorage.setItem(SESSION_ID_KEY, 'visitor-cccc');
    window.localStorage.setItem(UTM_STORAGE_KEY, JSON.stringify({ utm_source: 'facebook' }));
    const variant = experimentVariant('landing_hero')!;
    expect(trackExperiment('landing_hero', variant)).toBe(true);
    expect(trackExperiment('landing_hero', variant)).toBe(false);
    expect(sentEvents()).toEqual([
      expect.objectContaining({
        event_type: 'ab_test',
        event_data: { experiment: 'landing_hero', variant },
        session_id: 'visitor-cccc',
        utm_source: 'facebook',
      }),
    ]);
    expect(JSON.parse(window.localStorage.getItem(AB_REPORTED_KEY)!)).toEqual({
      landing_hero: 'visitor-cccc',
    });

    // A new visitor session (the id was reset) is counted again, with the same stored variant.
    window.localStorage.setItem(SESSION_ID_KEY, 'visitor-dddd');
    expect(trackExperiment('landing_hero', experimentVariant('landing_hero')!)).toBe(true);
    expect(sentEvents().map((e) => [e.session_id, e.event_data.variant])).toEqual([
      ['visitor-cccc', variant],
      ['visitor-dddd', variant],
    ]);
  });

  it('neither assigns nor counts a visitor whose browser cannot store anything', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(experimentVariant('landing_hero')).toBeNull();
    expect(trackExperiment('landing_hero', 'local')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('replaces a stored value that is not a variant of the experiment', () => {
    window.localStorage.setItem(SESSION_ID_KEY, 'visitor-eeee');
    window.localStorage.setItem(AB_STORAGE_KEY, JSON.stringify({ landing_hero: 'purple' }));
    expect(experimentVariant('landing_hero')).toBe(assignVariant('landing_hero', 'visitor-eeee'));
    window.localStorage.setItem(AB_STORAGE_KEY, '[1,2]');
    expect(experimentVariant('landing_hero')).toBe(assignVariant('landing_hero', 'visitor-eeee'));
  });
});
