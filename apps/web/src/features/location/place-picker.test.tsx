import type { GeocodeSearchResult } from '@adwuma/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubFetch } from '../auth/test/fixtures.tsx';
import { type Place, PlacePicker } from './place-picker.tsx';

const result = (
  name: string,
  city: string | null,
  latitude: number,
  longitude: number,
): GeocodeSearchResult => ({
  display_name: `${city ? `${name}, ${city}` : name}, Ashanti, Ghana`,
  city: city ?? name,
  neighbourhood: city ? name : null,
  state: 'Ashanti',
  country: 'Ghana',
  latitude,
  longitude,
});
const BANTAMA = result('Bantama', 'Kumasi', 6.703, -1.635);
const BANTAMA_ROAD = result('Bantama Road', 'Kumasi', 6.71, -1.64);

function setup({ withMyLocation = false } = {}) {
  const fetchMock = stubFetch((req) => {
    if (req.path !== '/api/geocode/search') return undefined;
    const q = req.url.searchParams.get('q') ?? '';
    const results = [BANTAMA, BANTAMA_ROAD].filter((r) => r.display_name.toLowerCase().startsWith(q));
    return json(200, { query: q, normalized: null, results, source: 'gazetteer' });
  });
  const changes: (Place | null)[] = [];
  function Host() {
    const [value, setValue] = useState<Place | null>(null);
    return (
      <PlacePicker
        value={value}
        signedIn={false}
        withMyLocation={withMyLocation}
        onChange={(p) => {
          changes.push(p);
          setValue(p);
        }}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Host />
    </QueryClientProvider>,
  );
  return { fetchMock, changes, field: screen.getByRole('combobox', { name: 'City or area' }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('PlacePicker (the one place picker)', () => {
  it('suggests places as you type, asking the server once after typing stops', async () => {
    const user = userEvent.setup();
    const { fetchMock, field } = setup();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.type(field, 'bantama');
    const list = await screen.findByRole('listbox', { name: 'Places' });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'BantamaBantama, Kumasi, Ashanti, Ghana',
      'Bantama RoadBantama Road, Kumasi, Ashanti, Ghana',
    ]);
    // Debounced: not one request per key.
    expect(callsTo(fetchMock, '/api/geocode/search').map((c) => c.url.searchParams.get('q'))).toEqual([
      'bantama',
    ]);
  });

  it('moves with the arrow keys, chooses with Enter, keeps focus, and hands over the geocoder answer', async () => {
    const user = userEvent.setup();
    const { changes, field } = setup();
    await user.type(field, 'bantama');
    const options = await screen.findAllByRole('option');
    expect(field).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(field).toHaveValue('Bantama');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(changes).toEqual([{ near: 'Bantama', lat: 6.703, lng: -1.635, result: BANTAMA }]);
  });

  it('Enter on typed text takes the first place, not "Use my current location"', async () => {
    const user = userEvent.setup();
    const { changes, field } = setup({ withMyLocation: true });
    await user.type(field, 'bantama');
    await screen.findByRole('option', { name: /Bantama Road/ });
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Use my current location');
    await user.keyboard('{Enter}');
    expect(changes.at(-1)?.result).toEqual(BANTAMA);
  });

  it('Escape closes the list and puts back what was chosen', async () => {
    const user = userEvent.setup();
    const { changes, field } = setup();
    await user.type(field, 'bantama');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    await user.clear(field);
    await user.type(field, 'bantama r');
    await screen.findByRole('option', { name: /Bantama Road/ });
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveValue('Bantama');
    expect(changes).toHaveLength(1);
  });

  it('says so when no place matches', async () => {
    const user = userEvent.setup();
    const { field } = setup();
    await user.type(field, 'zzzz');
    await waitFor(() => expect(screen.getByRole('option', { name: /No place matches/ })).toBeInTheDocument());
    expect(screen.getByRole('option', { name: /No place matches/ })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('zzzz');
  });
});
