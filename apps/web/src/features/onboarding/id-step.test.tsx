import {
  DOCUMENT_MESSAGES,
  type DocumentType,
  MAX_DOCUMENT_BYTES,
  type ProviderDocument,
  type VerificationState,
} from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { IdVerificationStep } from './id-step.tsx';

// ---- the network boundary: fetch (JSON calls) and XMLHttpRequest (FakeXhr: uploads with progress) --

function makeDocument(type: DocumentType, overrides: Partial<ProviderDocument> = {}): ProviderDocument {
  return {
    id: `doc-${type}`,
    document_type: type,
    filename: `${type}.jpg`,
    file_size: 204_800,
    mime_type: 'image/jpeg',
    upload_status: 'uploaded',
    status: 'uploaded',
    created_at: '2026-11-20T10:00:00.000Z',
    url: `/api/verification/files/doc-${type}?sig=abc`,
    url_expires_at: '2026-11-20T11:00:00.000Z',
    ...overrides,
  };
}

function makeState(
  documents: ProviderDocument[],
  overrides: Partial<VerificationState> = {},
): VerificationState {
  return {
    documents,
    session: null,
    displayedStatus: 'pending',
    verified: false,
    canEdit: true,
    canSubmit: documents.length === 3,
    fallback: false,
    ...overrides,
  };
}

/** A tiny in-memory server for GET /api/verification, DELETE and submit. */
function renderStep(initial: VerificationState) {
  const server = { state: initial };
  const next = vi.fn();
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('explorer'));
    if (req.path === '/api/verification' && req.method === 'GET') return json(200, server.state);
    if (req.path.startsWith('/api/verification/documents/') && req.method === 'DELETE') {
      const id = req.path.split('/').pop();
      server.state = makeState(server.state.documents.filter((d) => d.id !== id));
      return new Response(null, { status: 204 });
    }
    if (req.path === '/api/verification/submit' && req.method === 'POST') {
      server.state = {
        ...server.state,
        canEdit: false,
        canSubmit: false,
        documents: server.state.documents.map((d) => ({
          ...d,
          upload_status: 'processing',
          status: 'submitted',
        })),
        session: {
          id: 'session-1',
          verification_type: 'manual',
          status: 'pending',
          ghana_card_number: 'GHA-123456789-0',
          submitted_at: '2026-11-21T09:00:00.000Z',
          reviewed_at: null,
          review_note: null,
          created_at: '2026-11-21T09:00:00.000Z',
          updated_at: '2026-11-21T09:00:00.000Z',
        },
      };
      return json(200, server.state);
    }
    return undefined;
  });
  renderWithSession(
    [{ path: '/onboarding/id', element: <IdVerificationStep step="id" next={next} /> }],
    '/onboarding/id',
  );
  return { server, next, fetchMock };
}

const slot = async (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs: the local preview while uploading needs one.
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('id step: document slots', () => {
  it('offers a camera capture and a file choice for each of the three documents', async () => {
    renderStep(makeState([]));
    const front = await slot('Ghana Card — front');
    const camera = within(front).getByLabelText('Take photo');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(within(front).getByLabelText('Choose file')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp,application/pdf',
    );
    const selfie = await slot('Selfie holding your card');
    expect(within(selfie).getByLabelText('Take photo')).toHaveAttribute('capture', 'user');
    expect(screen.getByRole('region', { name: 'Ghana Card — back' })).toBeInTheDocument();
  });

  it('refuses an oversize file and a wrong type with the reason, before any request', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { fetchMock } = renderStep(makeState([]));
    const front = await slot('Ghana Card — front');

    const big = new File([new Uint8Array(MAX_DOCUMENT_BYTES + 1)], 'card.jpg', { type: 'image/jpeg' });
    await user.upload(within(front).getByLabelText('Choose file'), big);
    expect(within(front).getByRole('alert')).toHaveTextContent(DOCUMENT_MESSAGES.tooLarge);
    expect(await screen.findByText(`Upload Failed: ${DOCUMENT_MESSAGES.tooLarge}`)).toBeInTheDocument();

    const gif = new File(['GIF89a'], 'card.gif', { type: 'image/gif' });
    await user.upload(within(front).getByLabelText('Choose file'), gif);
    expect(within(front).getByRole('alert')).toHaveTextContent(DOCUMENT_MESSAGES.wrongType);

    const empty = new File([], 'card.png', { type: 'image/png' });
    await user.upload(within(front).getByLabelText('Take photo'), empty);
    expect(within(front).getByRole('alert')).toHaveTextContent(DOCUMENT_MESSAGES.empty);

    expect(FakeXhr.sent).toHaveLength(0);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/documents/'))).toBe(false);
  });

  it('uploads with a real progress bar, then shows the preview and "Document Uploaded"', async () => {
    const user = userEvent.setup();
    const { server } = renderStep(makeState([]));
    const front = await slot('Ghana Card — front');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'front.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(within(front).getByLabelText('Take photo'), photo);

    const xhr = FakeXhr.sent[0];
    if (!xhr) throw new Error('no upload was sent');
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/verification/documents/front');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    const bar = within(front).getByRole('progressbar', { name: 'Uploading Ghana Card — front' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(within(front).getByText('Uploading')).toBeInTheDocument();
    xhr.progress(45, 100);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '45'));

    const saved = makeDocument('front', { filename: 'front.jpg', file_size: 7 });
    server.state = makeState([saved]);
    xhr.respond(201, saved);

    expect(await within(front).findByRole('img', { name: 'Ghana Card — front preview' })).toHaveAttribute(
      'src',
      saved.url,
    );
    expect(await screen.findByText('Document Uploaded')).toBeInTheDocument();
    expect(within(front).queryByRole('progressbar')).toBeNull();
    expect(within(front).getByText('Uploaded')).toBeInTheDocument();
    expect(within(front).getByText('front.jpg')).toBeInTheDocument();
  });

  it('names the server’s reason when it refuses the file', async () => {
    const user = userEvent.setup();
    renderStep(makeState([]));
    const back = await slot('Ghana Card — back');
    await user.upload(
      within(back).getByLabelText('Choose file'),
      new File(['not really a png'], 'back.png', { type: 'image/png' }),
    );
    FakeXhr.sent[0]?.respond(400, {
      error: { code: 'UNREADABLE_IMAGE', message: DOCUMENT_MESSAGES.unreadableImage },
    });
    expect(
      await screen.findByText(`Upload Failed: ${DOCUMENT_MESSAGES.unreadableImage}`),
    ).toBeInTheDocument();
    expect(within(back).getByRole('alert')).toHaveTextContent(DOCUMENT_MESSAGES.unreadableImage);
  });

  it('removes a document after confirmation', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStep(makeState([makeDocument('front'), makeDocument('back')]));
    const back = await slot('Ghana Card — back');
    await user.click(within(back).getByRole('button', { name: 'Remove Ghana Card — back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Ghana Card — back”?' });
    expect(callsTo(fetchMock, '/api/verification/documents/doc-back')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove document' }));

    expect(await screen.findByText('Document Removed')).toBeInTheDocument();
    const removal = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/api/verification/documents/doc-back'),
    );
    expect(removal?.[1]?.method).toBe('DELETE');
    await waitFor(() => expect(within(back).getByLabelText('Choose file')).toBeInTheDocument());
    expect(within(back).getByText('Not uploaded')).toBeInTheDocument();
  });

  it('hides Replace and Remove and says why while the documents are in review', async () => {
    renderStep(
      makeState(
        [makeDocument('front', { status: 'submitted' }), makeDocument('back'), makeDocument('selfie')],
        { displayedStatus: 'in_review', canEdit: false, canSubmit: false },
      ),
    );
    expect(await screen.findByText(DOCUMENT_MESSAGES.underReview)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByLabelText('Replace')).toBeNull();
    expect(screen.getByRole('button', { name: /Continue/ })).toBeEnabled();
  });
});

describe('id step: submitting for review', () => {
  it('keeps "Submit for review" disabled until three documents and a valid Ghana Card number', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStep(makeState([makeDocument('front'), makeDocument('back')]));
    const submit = await screen.findByRole('button', { name: /Submit for review/ });
    const number = screen.getByLabelText('Ghana Card number');
    expect(number).toHaveAttribute('placeholder', 'GHA-123456789-0');

    await user.type(number, 'GHA-123456789-0');
    expect(submit).toBeDisabled();
    expect(screen.getByText('Add all three documents to submit: 2 of 3 added.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/verification/submit')).toHaveLength(0);
  });

  it('submits three documents and a valid number, then goes on', async () => {
    const user = userEvent.setup();
    const { fetchMock, next } = renderStep(
      makeState([makeDocument('front'), makeDocument('back'), makeDocument('selfie')]),
    );
    const submit = await screen.findByRole('button', { name: /Submit for review/ });
    expect(submit).toBeDisabled();

    const number = screen.getByLabelText('Ghana Card number');
    await user.type(number, 'GHA-12345');
    await user.tab();
    expect(await screen.findByText('Enter your Ghana Card number as GHA-123456789-0')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(number);
    await user.type(number, 'gha 123456789 0');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    // The first submission starts the verification (spec 8 'Verification Started').
    expect(await screen.findByText('Verification Started')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/verification/submit')[0]?.body).toEqual({
      ghana_card_number: 'GHA-123456789-0',
    });
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('says "Submission Failed" with the reason and puts a field error on the number', async () => {
    const user = userEvent.setup();
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/verification') {
        return json(200, makeState([makeDocument('front'), makeDocument('back'), makeDocument('selfie')]));
      }
      if (req.path === '/api/verification/submit') {
        return json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'This Ghana Card number is already used by another account.',
            details: {
              fields: [
                {
                  field: 'ghana_card_number',
                  message: 'This Ghana Card number is already used by another account.',
                },
              ],
            },
          },
        });
      }
      return undefined;
    });
    const next = vi.fn();
    renderWithSession(
      [{ path: '/onboarding/id', element: <IdVerificationStep step="id" next={next} /> }],
      '/onboarding/id',
    );
    await user.type(await screen.findByLabelText('Ghana Card number'), 'GHA-123456789-0');
    await user.click(screen.getByRole('button', { name: /Submit for review/ }));
    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    expect(
      await screen.findAllByText('This Ghana Card number is already used by another account.'),
    ).not.toHaveLength(0);
    expect(screen.getByLabelText('Ghana Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(next).not.toHaveBeenCalled();
  });

  it('says "Submitted for Review" when documents sent back are submitted again', async () => {
    const user = userEvent.setup();
    const rejected = {
      id: 'session-1',
      verification_type: 'manual',
      status: 'admin_rejected',
      ghana_card_number: 'GHA-123456789-0',
      submitted_at: '2026-11-20T09:00:00.000Z',
      reviewed_at: '2026-11-20T12:00:00.000Z',
      review_note: 'The selfie is blurred.',
      created_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-20T12:00:00.000Z',
    } as VerificationState['session'];
    const { next } = renderStep(
      makeState([makeDocument('front'), makeDocument('back'), makeDocument('selfie')], {
        session: rejected,
        displayedStatus: 'admin_rejected',
      }),
    );
    const submit = await screen.findByRole('button', { name: /Submit/ });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Submitted for Review')).toBeInTheDocument();
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('says "Verification Failed" when the server cannot start the verification', async () => {
    const user = userEvent.setup();
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/verification') {
        return json(200, makeState([makeDocument('front'), makeDocument('back'), makeDocument('selfie')]));
      }
      if (req.path === '/api/verification/submit') {
        return json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Please try again shortly.' } });
      }
      return undefined;
    });
    const next = vi.fn();
    renderWithSession(
      [{ path: '/onboarding/id', element: <IdVerificationStep step="id" next={next} /> }],
      '/onboarding/id',
    );
    await user.type(await screen.findByLabelText('Ghana Card number'), 'GHA-123456789-0');
    await user.click(screen.getByRole('button', { name: /Submit for review/ }));
    expect(await screen.findByText('Verification Failed')).toBeInTheDocument();
    expect(next).not.toHaveBeenCalled();
  });

  it('shows the reviewer’s note after a rejection', async () => {
    renderStep(
      makeState(
        [makeDocument('front', { status: 'rejected' }), makeDocument('back'), makeDocument('selfie')],
        {
          displayedStatus: 'admin_rejected',
          session: {
            id: 's1',
            verification_type: 'manual',
            status: 'admin_rejected',
            ghana_card_number: 'GHA-123456789-0',
            submitted_at: '2026-11-20T09:00:00.000Z',
            reviewed_at: '2026-11-20T12:00:00.000Z',
            review_note: 'The selfie is blurred',
            created_at: '2026-11-20T09:00:00.000Z',
            updated_at: '2026-11-20T12:00:00.000Z',
          },
        },
      ),
    );
    expect(await screen.findByText('The selfie is blurred')).toBeInTheDocument();
    expect(screen.getByText('Replace the documents and submit again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ghana Card number')).toHaveValue('GHA-123456789-0');
  });
});
