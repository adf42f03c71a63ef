import type { Dispute } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { makeBooking } from '../quotes/test/fixtures.ts';
import { renderRoutes } from '../search/test/fixtures.tsx';
import { DisputeEvidence } from './dispute-evidence.tsx';

const DISPUTE_ID = '3f0c2a9e-5b1d-4c1e-9d6a-7a2b8c9d0e1f';

function file(n: number, contentType = 'image/jpeg'): Dispute['photos'][number] {
  return { id: `f-${n}`, url: `https://files.example/disputes/${n}?sig=abc`, content_type: contentType };
}

function dispute(photos: Dispute['photos'], status: Dispute['status'] = 'open'): Dispute {
  return {
    id: DISPUTE_ID,
    status,
    reason: 'poor_quality',
    opener_role: 'customer',
    in_favour_of: null,
    resolution_note: null,
    created_at: '2026-11-21T10:00:00.000Z',
    resolved_at: null,
    description: 'The tap still leaks after the repair, water on the floor.',
    booking: makeBooking({ id: 'b-1', status: 'disputed' }),
    opened_by: { id: 'user-1', name: 'Ama Mensah', avatar_url: null },
    photos,
    history: [],
  };
}

function renderEvidence(current: Dispute) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('customer'));
    if (req.path === `/api/disputes/${DISPUTE_ID}` && req.method === 'GET')
      return json(200, { dispute: current });
    return undefined;
  });
  renderRoutes([{ path: '/x', Component: () => <DisputeEvidence disputeId={DISPUTE_ID} /> }], '/x');
  return { fetchMock };
}

const evidenceList = () => screen.findByRole('list', { name: 'Evidence' });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dispute evidence', () => {
  it('lists photos as thumbnails and PDFs as links, through the signed URLs', async () => {
    renderEvidence(dispute([file(1), file(2, 'application/pdf')]));
    const list = await evidenceList();
    const photo = within(list).getByRole('img', { name: 'Evidence 1, photo' });
    expect(photo).toHaveAttribute('src', file(1).url);
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(within(list).getByRole('link', { name: 'Evidence 2 (PDF)' })).toHaveAttribute('href', file(2).url);
    expect(screen.getByText('2 of 6')).toBeInTheDocument();
    const add = screen.getByLabelText('Add evidence');
    expect(add).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf');
    expect(screen.getByLabelText('Take photo')).toHaveAttribute('capture', 'environment');
  });

  it('uploads with progress and shows the new file; shows the server refusal as text', async () => {
    const user = userEvent.setup();
    renderEvidence(dispute([file(1)]));
    await evidenceList();
    const pdf = new File(['%PDF-1.7 receipt'], 'receipt.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Add evidence'), pdf);

    const xhr = FakeXhr.sent[0];
    if (!xhr) throw new Error('no upload was sent');
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/disputes/${DISPUTE_ID}/photos`);
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    const bar = screen.getByRole('progressbar', { name: 'Uploading evidence' });
    xhr.progress(40, 100);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByLabelText('Add evidence')).toBeDisabled();

    xhr.respond(201, { dispute: dispute([file(1), file(2, 'application/pdf')]) });
    expect(await screen.findByText('Evidence added')).toBeInTheDocument();
    expect(
      await within(await evidenceList()).findByRole('link', { name: 'Evidence 2 (PDF)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 of 6')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Add evidence'), pdf);
    FakeXhr.sent[1]?.respond(409, {
      error: { code: 'CONFLICT', message: 'This dispute is resolved: no more evidence can be added.' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This dispute is resolved: no more evidence can be added.',
    );
  });

  it('refuses other file types before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderEvidence(dispute([]));
    expect(await screen.findByText('No evidence yet.')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Add evidence'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only JPEG, PNG, WebP images or PDF files are accepted.',
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('offers no picker at 6 files', async () => {
    renderEvidence(dispute([1, 2, 3, 4, 5, 6].map((n) => file(n))));
    expect(await screen.findByText('That is 6 files, the most a dispute can have.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add evidence')).not.toBeInTheDocument();
  });

  it('offers no picker once the dispute is resolved', async () => {
    renderEvidence(dispute([file(1)], 'resolved'));
    await evidenceList();
    expect(screen.queryByLabelText('Add evidence')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Take photo')).not.toBeInTheDocument();
  });
});
