import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, type Service, type ServicePhoto } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { callsTo, json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { CATEGORIES, renderRoutes } from '../search/test/fixtures.tsx';
import { PostServicePage } from './post-service-page.tsx';

const SERVICE_ID = '6ea6ae8c-fb81-4694-8f0f-46a2384ceac8';

function photo(n: number): ServicePhoto {
  const id = `0000000${n}-0000-4000-8000-00000000000${n}`;
  return {
    id,
    position: n - 1,
    url: `/api/files/public/services/${SERVICE_ID}/p${n}-large.webp`,
    thumb_url: `/api/files/public/services/${SERVICE_ID}/p${n}-thumb.webp`,
    width: 1200,
    height: 900,
  };
}

function service(photos: ServicePhoto[]): Service {
  return {
    id: SERVICE_ID,
    provider_id: 'user-1',
    title: 'Leak repair',
    category: 'plumbing',
    category_name: 'Plumbing',
    description: 'Fixing leaking pipes and taps in homes around Kumasi.',
    price_type: 'from',
    price_minor: 20500,
    currency: 'GHS',
    duration_minutes: 60,
    service_areas: [],
    status: 'published',
    published_at: '2026-11-01T10:00:00.000Z',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    photos: photos.map((p, i) => ({ ...p, position: i })),
  };
}

/** A tiny server for "my services" and the photo changes; uploads go through FakeXhr. */
function renderPage(photos: ServicePhoto[] | null, path = `/post-service?edit=${SERVICE_ID}`) {
  // null: no service yet (POST /api/services creates it).
  const server = { photos };
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('service_provider'));
    if (req.path === '/api/categories') return json(200, CATEGORIES);
    if (req.path === '/api/services/mine') {
      const items = server.photos ? [service(server.photos)] : [];
      return json(200, { items, max: 50, profile_slug: null });
    }
    if (req.path === '/api/services' && req.method === 'POST') {
      server.photos = [];
      return json(201, { service: service([]) });
    }
    const current = server.photos;
    if (!current) return undefined;
    if (req.path === `/api/services/${SERVICE_ID}/photos/order` && req.method === 'PUT') {
      const ids = (req.body as { photo_ids: string[] }).photo_ids;
      server.photos = ids.map((id) => current.find((p) => p.id === id)!);
      return json(200, { service: service(server.photos) });
    }
    if (req.path.startsWith(`/api/services/${SERVICE_ID}/photos/`) && req.method === 'DELETE') {
      const id = req.path.split('/').pop();
      server.photos = current.filter((p) => p.id !== id);
      return json(200, { service: service(server.photos) });
    }
    return undefined;
  });
  renderRoutes([{ path: '/post-service', Component: PostServicePage }], path);
  return { server, fetchMock };
}

const photosList = () => screen.findByRole('list', { name: 'Photos' });
const altsIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs: the local preview while uploading needs one.
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
  Element.prototype.scrollIntoView = vi.fn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/post-service: photos of a service', () => {
  // Typing a whole service is slow on a busy machine.
  it('asks to save a new service first, then keeps it open at its photos', { timeout: 20_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(null, '/post-service');
    expect(
      await screen.findByText('Save the service first, then add photos of your work here.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Add photo')).not.toBeInTheDocument();

    await user.type(await screen.findByLabelText('Service title'), 'Leak repair');
    await user.selectOptions(screen.getByLabelText('Category'), 'plumbing');
    await user.type(
      screen.getByLabelText('Description'),
      'Fixing leaking pipes and taps in homes around Kumasi.',
    );
    await user.type(screen.getByLabelText('Price in GH₵'), '205');
    await user.click(screen.getByRole('button', { name: 'Save service' }));

    expect(await screen.findByText('Now add photos of your work below.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Add photo', {}, { timeout: 5000 })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Edit “Leak repair”' })).toBeInTheDocument();
    expect(
      screen.getByText('No photos yet. Services with photos of real work get more enquiries.'),
    ).toBeInTheDocument();
  });

  it('shows lazy thumbnails with their size, moves them and removes one', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage([photo(1), photo(2), photo(3)]);
    const list = await photosList();
    const first = within(list).getByRole('img', { name: 'Leak repair, example 1 of 3' });
    expect(first).toHaveAttribute('src', photo(1).thumb_url);
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute('width', '1200');
    expect(first).toHaveAttribute('height', '900');
    expect(first.closest('a')).toHaveAttribute('href', photo(1).url);
    expect(within(list).getByText('Cover')).toBeInTheDocument();
    expect(screen.getByText('3 of 6')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: 'Move photo 1 later' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `/api/services/${SERVICE_ID}/photos/order`)[0]?.body).toEqual({
        photo_ids: [photo(2).id, photo(1).id, photo(3).id],
      }),
    );
    await waitFor(() =>
      expect(within(list).getByRole('img', { name: 'Leak repair, example 1 of 3' })).toHaveAttribute(
        'src',
        photo(2).thumb_url,
      ),
    );

    await user.click(within(list).getByRole('button', { name: 'Remove photo 3' }));
    expect(await screen.findByText('Photo removed')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/api/services/${SERVICE_ID}/photos/${photo(3).id}`)).toHaveLength(1);
    expect(altsIn(list)).toEqual(['Leak repair, example 1 of 2', 'Leak repair, example 2 of 2']);
    expect(screen.getByText('2 of 6')).toBeInTheDocument();
  });

  it('refuses what the server would refuse, before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage([]);
    const add = await screen.findByLabelText('Add photo');
    expect(add).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    const camera = screen.getByLabelText('Take photo');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');

    await user.upload(add, new File(['GIF89a'], 'work.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMAGE_MESSAGES.wrongType);
    await user.upload(
      add,
      new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_MESSAGES.tooLarge);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads with progress, everything disabled meanwhile; shows the new photo or the refusal', async () => {
    const user = userEvent.setup();
    renderPage([photo(1)]);
    const add = await screen.findByLabelText('Add photo');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'tap.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(add, file);

    const xhr = FakeXhr.sent[0];
    if (!xhr) throw new Error('no upload was sent');
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/services/${SERVICE_ID}/photos`);
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    const bar = screen.getByRole('progressbar', { name: 'Uploading photo' });
    xhr.progress(50, 100);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByLabelText('Add photo')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove photo 1' })).toBeDisabled();

    xhr.respond(201, { service: service([photo(1), photo(2)]) });
    expect(await screen.findByText('Photo added')).toBeInTheDocument();
    const list = await photosList();
    await waitFor(() =>
      expect(altsIn(list)).toEqual(['Leak repair, example 1 of 2', 'Leak repair, example 2 of 2']),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Add photo')).toBeEnabled();

    // The server's refusal is shown as it is.
    await user.upload(screen.getByLabelText('Add photo'), file);
    FakeXhr.sent[1]?.respond(409, {
      error: { code: 'CONFLICT', message: 'A service can have at most 6 photos. Remove one to add another.' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A service can have at most 6 photos. Remove one to add another.',
    );
  });

  it('offers no upload once the service has 6 photos', async () => {
    renderPage([1, 2, 3, 4, 5, 6].map(photo));
    expect(
      await screen.findByText('That is 6 photos, the most a service can have. Remove one to add another.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Add photo')).not.toBeInTheDocument();
    expect(screen.getByText('6 of 6')).toBeInTheDocument();
  });
});
