import { GEOLOCATION_OPTIONS, LOCATION_MESSAGES } from '@adwuma/shared';
import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../../lib/session.ts';
import { callsTo, json, makeMe, renderWithSession, SIGNED_OUT, stubFetch } from '../auth/test/fixtures.tsx';
import { makeLocation, makePlace, makeStatus } from '../onboarding/test/fixtures.ts';
import { type LocationContextValue, LocationProvider, useLocationContext } from './location-context.tsx';

/** Hands the context to the test, and shows its state. */
let ctx: LocationContextValue;
function Probe() {
  ctx = useLocationContext();
  return (
    <dl>
      <dt>initialized</dt>
      <dd data-testid="initialized">{String(ctx.isInitialized)}</dd>
      <dt>user</dt>
      <dd data-testid="user">{ctx.loadedForUserId ?? 'none'}</dd>
      <dt>city</dt>
      <dd data-testid="city">{ctx.operationalLocation?.city ?? 'none'}</dd>
      <dt>device</dt>
      <dd data-testid="device">{ctx.currentLocation?.place?.formatted.city ?? 'none'}</dd>
    </dl>
  );
}

const ROUTES = [
  {
    path: '/',
    element: (
      <LocationProvider>
        <Probe />
      </LocationProvider>
    ),
  },
];

function stubGeolocation(
  answer: { coords: { latitude: number; longitude: number; accuracy: number } } | { code: number },
) {
  const getCurrentPosition = vi.fn(
    (ok: PositionCallback, fail: PositionErrorCallback | null | undefined, _options?: PositionOptions) => {
      if ('coords' in answer) ok({ ...answer, timestamp: 1 } as unknown as GeolocationPosition);
      else fail?.({ code: answer.code, message: 'no' } as GeolocationPositionError);
    },
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

/** Waits until the session answered with a user (the context only loads for one). */
async function signedIn(queryClient: QueryClient) {
  await screen.findByTestId('initialized');
  await waitFor(() => expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeTruthy());
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('location context (spec 4)', () => {
  it('throws outside its provider (spec 8)', () => {
    function Bare() {
      useLocationContext();
      return null;
    }
    expect(() => render(<Bare />)).toThrow(/LocationProvider/);
  });

  it('loads the operational location once per signed-in user', async () => {
    const fetchMock = stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/onboarding/location') return json(200, { location: makeLocation() });
      return undefined;
    });
    const { queryClient } = renderWithSession(ROUTES, '/');
    await signedIn(queryClient);
    expect(screen.getByTestId('initialized')).toHaveTextContent('false');
    await act(async () => {
      await ctx.load();
    });
    expect(screen.getByTestId('city')).toHaveTextContent('Kumasi');
    expect(screen.getByTestId('user')).toHaveTextContent('user-1');
    expect(ctx.lastLoadedAt).toEqual(expect.any(Number));

    let again: unknown;
    await act(async () => {
      again = await ctx.load();
    });
    expect(again).toEqual(expect.objectContaining({ city: 'Kumasi' }));
    expect(callsTo(fetchMock, '/api/onboarding/location')).toHaveLength(1);

    // `force` reads it again.
    await act(async () => {
      await ctx.load({ force: true });
    });
    expect(callsTo(fetchMock, '/api/onboarding/location')).toHaveLength(2);
  });

  it('awaits a load under way instead of starting another', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/onboarding/location') {
        return gate.then(() => json(200, { location: makeLocation({ city: 'Tamale' }) }));
      }
      return undefined;
    });
    const { queryClient } = renderWithSession(ROUTES, '/');
    await signedIn(queryClient);

    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    act(() => {
      first = ctx.load();
      second = ctx.load();
    });
    await waitFor(() => expect(ctx.isLoading).toBe(true));
    release();
    await act(async () => {
      expect(await first).toEqual(expect.objectContaining({ city: 'Tamale' }));
      expect(await second).toEqual(expect.objectContaining({ city: 'Tamale' }));
    });
    expect(callsTo(fetchMock, '/api/onboarding/location')).toHaveLength(1);
    expect(screen.getByTestId('city')).toHaveTextContent('Tamale');
  });

  it('resets current and operational locations when the user changes or signs out', async () => {
    let who = 'user-1';
    const fetchMock = stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/onboarding/location')
        return json(200, {
          location: makeLocation({ provider_id: who, city: who === 'user-1' ? 'Kumasi' : 'Ho' }),
        });
      return undefined;
    });
    const { queryClient } = renderWithSession(ROUTES, '/');
    await signedIn(queryClient);
    await act(async () => {
      await ctx.load();
    });
    expect(screen.getByTestId('city')).toHaveTextContent('Kumasi');

    // Another user signs in on this browser.
    who = 'user-2';
    const other = makeMe('explorer');
    act(() => {
      queryClient.setQueryData(ME_QUERY_KEY, { ...other, user: { ...other.user, id: 'user-2' } });
    });
    await waitFor(() => expect(screen.getByTestId('initialized')).toHaveTextContent('false'));
    expect(screen.getByTestId('city')).toHaveTextContent('none');
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    await act(async () => {
      await ctx.load();
    });
    expect(screen.getByTestId('city')).toHaveTextContent('Ho');
    expect(screen.getByTestId('user')).toHaveTextContent('user-2');
    expect(callsTo(fetchMock, '/api/onboarding/location')).toHaveLength(2);

    // Signed out: nothing is kept, and nothing loads.
    act(() => {
      queryClient.setQueryData(ME_QUERY_KEY, null);
    });
    await waitFor(() => expect(screen.getByTestId('city')).toHaveTextContent('none'));
    let answer: unknown = 'unset';
    await act(async () => {
      answer = await ctx.load();
    });
    expect(answer).toBeNull();
    expect(callsTo(fetchMock, '/api/onboarding/location')).toHaveLength(2);
  });
});

describe('device location (spec 4, 8, 9)', () => {
  const FIX = { coords: { latitude: 5.6037, longitude: -0.187, accuracy: 12 } };

  it('becomes the operational location (as a gps fix) only when none exists', async () => {
    const geo = stubGeolocation(FIX);
    let saved: ReturnType<typeof makeLocation> | null = null;
    const fetchMock = stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/geocode/reverse') return json(200, makePlace());
      if (req.path === '/api/onboarding/location' && req.method === 'GET')
        return json(200, { location: saved });
      if (req.path === '/api/onboarding/location' && req.method === 'PUT') {
        saved = makeLocation({ city: 'Accra', geocoding_accuracy: 'gps' });
        return json(200, { location: saved, warnings: [], status: makeStatus() });
      }
      return undefined;
    });
    const { queryClient } = renderWithSession(ROUTES, '/');
    await signedIn(queryClient);

    let result!: Awaited<ReturnType<LocationContextValue['locateDevice']>>;
    await act(async () => {
      result = await ctx.locateDevice();
    });
    expect(geo).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), GEOLOCATION_OPTIONS);
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
    expect(result).toEqual(expect.objectContaining({ ok: true, savedAsOperational: true }));
    expect(callsTo(fetchMock, '/api/geocode/reverse')[0]?.url.search).toBe('?lat=5.6037&lng=-0.187');
    const puts = callsTo(fetchMock, '/api/onboarding/location').filter((c) => c.body);
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toEqual(
      expect.objectContaining({ city: 'Accra', country: 'Ghana', geocoding_accuracy: 'gps' }),
    );
    expect(screen.getByTestId('device')).toHaveTextContent('Accra');
    expect(screen.getByTestId('city')).toHaveTextContent('Accra');

    // Now one exists: a second fix is the current location only.
    await act(async () => {
      result = await ctx.locateDevice();
    });
    expect(result).toEqual(expect.objectContaining({ ok: true, savedAsOperational: false }));
    expect(callsTo(fetchMock, '/api/onboarding/location').filter((c) => c.body)).toHaveLength(1);
  });

  it('leaves an existing operational location alone', async () => {
    stubGeolocation(FIX);
    const fetchMock = stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/geocode/reverse') return json(200, makePlace());
      if (req.path === '/api/onboarding/location' && req.method === 'GET')
        return json(200, { location: makeLocation({ city: 'Kumasi' }) });
      return undefined;
    });
    const { queryClient } = renderWithSession(ROUTES, '/');
    await signedIn(queryClient);
    let result!: Awaited<ReturnType<LocationContextValue['locateDevice']>>;
    await act(async () => {
      result = await ctx.locateDevice();
    });
    expect(result.ok).toBe(true);
    expect(result).toEqual(expect.objectContaining({ savedAsOperational: false }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(screen.getByTestId('city')).toHaveTextContent('Kumasi');
    expect(screen.getByTestId('device')).toHaveTextContent('Accra');
  });

  it('says what went wrong, with the messages of spec 8', async () => {
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/geocode/reverse')
        return json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Geocoder down' } });
      return undefined;
    });
    const { queryClient } = renderWithSession(ROUTES, '/');
    await signedIn(queryClient);
    const messageFor = async () => {
      let result!: Awaited<ReturnType<LocationContextValue['locateDevice']>>;
      await act(async () => {
        result = await ctx.locateDevice();
      });
      return result.ok ? null : result.error;
    };

    stubGeolocation({ code: 2 });
    expect(await messageFor()).toEqual({
      title: 'Location access failed',
      message: LOCATION_MESSAGES.undetermined,
    });
    stubGeolocation({ code: 3 });
    expect((await messageFor())?.message).toBe('Failed to get location');
    stubGeolocation({ code: 1 });
    expect((await messageFor())?.message).toMatch(/^Location access failed/);
    stubGeolocation(FIX);
    expect((await messageFor())?.message).toBe('Location lookup failed: Geocoder down');
    Reflect.deleteProperty(navigator, 'geolocation');
    expect((await messageFor())?.message).toBe('Geolocation is not supported by this browser');
  });

  it('needs a signed-in user', async () => {
    stubGeolocation(FIX);
    const fetchMock = stubFetch((req) => (req.path === '/api/me' ? SIGNED_OUT() : undefined));
    renderWithSession(ROUTES, '/');
    await screen.findByTestId('initialized');
    await waitFor(() => expect(callsTo(fetchMock, '/api/session')).toHaveLength(1));
    let result!: Awaited<ReturnType<LocationContextValue['locateDevice']>>;
    await act(async () => {
      result = await ctx.locateDevice();
    });
    expect(result.ok ? null : result.error.message).toBe('Authentication required for location services');
  });
});
