import { REVIEW_NOTE_REQUIRED, type ReviewDetail } from '@adwuma/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { AdminReviewDetailPage } from './admin-review-detail-page.tsx';

function makeDetail(overrides: Partial<ReviewDetail> = {}): ReviewDetail {
  const doc = (type: 'front' | 'back' | 'selfie', mime = 'image/jpeg') => ({
    id: `doc-${type}`,
    document_type: type,
    filename: `${type}.${mime === 'application/pdf' ? 'pdf' : 'jpg'}`,
    file_size: 120_000,
    mime_type: mime,
    upload_status: 'processing',
    status: 'submitted' as const,
    created_at: '2026-11-20T09:00:00.000Z',
    url: `/api/verification/files/doc-${type}?sig=1`,
    url_expires_at: '2026-11-20T10:00:00.000Z',
  });
  return {
    id: 'session-1',
    status: 'pending',
    displayedStatus: 'pending',
    provider: {
      id: 'provider-1',
      full_name: 'Kofi Boateng',
      email: 'kofi@example.com',
      phone: '+233241234567',
      city: 'Kumasi',
      verified: false,
    },
    ghana_card_number: 'GHA-123456789-0',
    document_count: 3,
    submitted_at: '2026-11-20T09:00:00.000Z',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    reviewer_id: null,
    documents: [doc('front'), doc('back', 'application/pdf'), doc('selfie')],
    review_note: null,
    reviewed_at: null,
    ...overrides,
  };
}

function renderDetail(detail = makeDetail()) {
  const server = { detail };
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/admin/verification/session-1' && req.method === 'GET') {
      return json(200, server.detail);
    }
    if (req.path === '/api/admin/verification/session-1/decision') {
      const body = req.body as { decision: string; note?: string };
      server.detail = {
        ...server.detail,
        status: body.decision === 'approve' ? 'admin_approved' : 'admin_rejected',
        displayedStatus: body.decision === 'approve' ? 'admin_approved' : 'admin_rejected',
        review_note: body.note ?? null,
        reviewer_id: 'user-1',
        reviewed_at: '2026-11-21T10:00:00.000Z',
      };
      return json(200, server.detail);
    }
    return undefined;
  });
  renderWithSession(
    [{ path: '/admin/review/:id', Component: AdminReviewDetailPage }],
    '/admin/review/session-1',
  );
  return fetchMock;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/review/:id', () => {
  it('shows the documents through their signed URLs, the card number and the provider', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: /Kofi Boateng/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ghana Card — front of Kofi Boateng' })).toHaveAttribute(
      'src',
      '/api/verification/files/doc-front?sig=1',
    );
    const pdf = screen.getByRole('link', { name: /Open PDF in a new tab/ });
    expect(pdf).toHaveAttribute('href', '/api/verification/files/doc-back?sig=1');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(screen.getByText('GHA-123456789-0')).toBeInTheDocument();
    expect(screen.getByText('kofi@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Start review/ })).toBeInTheDocument();
  });

  it('will not reject without a note, then rejects with one and shows the decision', async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: "Reject Kofi Boateng's documents?" });

    await user.click(within(dialog).getByRole('button', { name: 'Reject documents' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REVIEW_NOTE_REQUIRED);
    expect(within(dialog).getByLabelText('Reason for the provider')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/admin/verification/session-1/decision')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason for the provider'), 'The selfie is blurred');
    await user.click(within(dialog).getByRole('button', { name: 'Reject documents' }));

    expect(await screen.findByText('Verification rejected')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/verification/session-1/decision')[0]?.body).toEqual({
      decision: 'reject',
      note: 'The selfie is blurred',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Decided by').nextElementSibling).toHaveTextContent('You');
    expect(screen.getByText('The selfie is blurred')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('approves after confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Kofi Boateng?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve verification' }));
    expect(await screen.findByText('Verification approved')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/verification/session-1/decision')[0]?.body).toEqual({
      decision: 'approve',
    });
  });
});
