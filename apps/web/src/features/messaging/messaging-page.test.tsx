import { formatDate, MESSAGING_TEXT, type Thread, TYPING_TTL_MS } from '@adwuma/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from '../../i18n/index.ts';
import { realtime } from '../../lib/realtime.ts';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { callsTo, type Handler, json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { resetOutboxes } from '../realtime/index.ts';
import { renderRoutes } from '../search/test/fixtures.tsx';
import { MessagingPage } from './messaging-page.tsx';
import {
  CONVERSATION_ID,
  conversation,
  emit,
  emitEvent,
  ME,
  message,
  OTHER,
  thread,
} from './test/fixtures.ts';

const THREAD_PATH = `/api/conversations/${CONVERSATION_ID}`;

/** A test's own answers; may wait (an async answer), and leaves the rest to the defaults. */
type Route = Handler extends (req: infer R) => unknown
  ? (req: R) => Response | undefined | Promise<Response | undefined>
  : never;

function renderMessaging(path: string, handler: Route) {
  const fetchMock = stubFetch(async (req) => {
    if (req.path === '/api/me') return json(200, makeMe('customer'));
    const answer = await handler(req);
    if (answer) return answer;
    if (req.path === '/api/conversations' && req.method === 'GET')
      return json(200, { items: [], next_before: null });
    if (req.path === `${THREAD_PATH}/read`)
      return json(200, { conversation_id: CONVERSATION_ID, last_read_seq: 1 });
    if (req.path === '/api/messages/unread') return json(200, { conversations: 0, messages: 0 });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  const utils = renderRoutes([{ path: '/messaging', Component: MessagingPage }], path);
  return { ...utils, fetchMock };
}

function withThread(data: Thread, more: Route = () => undefined): Route {
  return (req) => {
    if (req.path === THREAD_PATH && req.method === 'GET') return json(200, data);
    return more(req);
  };
}

const messages = () => screen.findByRole('list', { name: 'Messages with Kofi Boateng' });

afterEach(() => {
  resetOutboxes();
  realtime.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('messaging: the conversation list', () => {
  it('lists conversations newest first with previews, times and unread badges; Load more pages on', async () => {
    const now = new Date().toISOString();
    const first = conversation({
      id: 'c-1',
      unread: 3,
      last_message: {
        seq: 5,
        sender_is_me: false,
        preview: 'Can you come on Friday?',
        has_attachment: false,
        created_at: now,
      },
    });
    const second = conversation({
      id: 'c-2',
      other: { ...conversation().other, id: 'p-2', name: 'Esi Owusu' },
      last_message: {
        seq: 2,
        sender_is_me: true,
        preview: 'Thanks!',
        has_attachment: false,
        created_at: now,
      },
    });
    const third = conversation({
      id: 'c-3',
      other: { ...conversation().other, id: 'p-3', name: 'Yaw Darko' },
      last_message: { seq: 1, sender_is_me: false, preview: '', has_attachment: true, created_at: now },
    });
    const { fetchMock } = renderMessaging('/messaging', (req) => {
      if (req.path === '/api/conversations' && req.method === 'GET') {
        return req.url.searchParams.get('before')
          ? json(200, { items: [third], next_before: null })
          : json(200, { items: [first, second], next_before: '2026-11-20T09:00:00.000Z' });
      }
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    expect(rows[0]).toHaveTextContent('Kofi Boateng');
    expect(rows[0]).toHaveTextContent('Can you come on Friday?');
    expect(within(rows[0]!).getByText('3 unread')).toBeInTheDocument();
    expect(rows[0]).toHaveAttribute('href', '/messaging?c=c-1');
    expect(rows[1]).toHaveTextContent('You: Thanks!');
    expect(within(rows[1]!).queryByText(/unread/)).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Photo')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/conversations').at(-1)?.url.searchParams.get('before')).toBe(
      '2026-11-20T09:00:00.000Z',
    );
  });

  it('shows an empty state that leads to the provider search', async () => {
    renderMessaging('/messaging', () => undefined);
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find providers' })).toHaveAttribute('href', '/search');
  });

  it('searches messages (from 2 characters) and opens the thread of a hit', async () => {
    const user = userEvent.setup();
    const { router, fetchMock } = renderMessaging('/messaging', (req) => {
      if (req.path === '/api/messages/search')
        return json(200, {
          items: [{ message: message(4, { body: 'The tap is fixed' }), other: conversation().other }],
        });
      return undefined;
    });
    const box = await screen.findByRole('searchbox', { name: 'Search messages' });
    await user.type(box, 't');
    expect(screen.getByText('Type at least 2 characters.')).toBeInTheDocument();
    await user.type(box, 'ap');
    const hit = await screen.findByRole('link', { name: /The tap is fixed/ });
    expect(callsTo(fetchMock, '/api/messages/search').at(-1)?.url.searchParams.get('q')).toBe('tap');
    await user.click(hit);
    await waitFor(() => expect(router.state.location.search).toBe(`?c=${CONVERSATION_ID}`));
  });
});

describe('messaging: a thread', () => {
  it('renders text as text (no HTML), keeps line breaks, and marks the thread read', async () => {
    const hostile = '<script>window.hacked = true</script>\n<b>bold?</b>';
    const { fetchMock } = renderMessaging(
      `/messaging?c=${CONVERSATION_ID}`,
      withThread(thread([message(1), message(2, { body: hostile })], { unread: 2 })),
    );
    const list = await messages();
    const bubble = within(list).getByText((_, el) => el?.tagName === 'P' && el.textContent === hostile);
    expect(bubble).toHaveClass('whitespace-pre-wrap');
    expect(list.querySelector('script')).toBeNull();
    expect(list.querySelector('b')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    await waitFor(() => expect(callsTo(fetchMock, `${THREAD_PATH}/read`)).toHaveLength(1));
    expect(callsTo(fetchMock, `${THREAD_PATH}/read`)[0]?.body).toEqual({ seq: 2 });
  });

  it('starts from ?to=&context=, carries the context into the first message, sends optimistically', async () => {
    const user = userEvent.setup();
    const JOB = '5b9e2f4a-7c1d-4e3b-9a8f-6d5c4b3a2e1f';
    let release: (() => void) | null = null;
    const { router, fetchMock } = renderMessaging(
      `/messaging?to=${OTHER}&context=job:${JOB}`,
      withThread(thread([]), async (req) => {
        if (req.path === '/api/conversations' && req.method === 'POST') return json(200, conversation());
        if (req.path === `${THREAD_PATH}/messages` && req.method === 'POST') {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          const body = req.body as { body: string; client_id: string };
          return json(
            201,
            message(1, {
              sender_id: ME,
              body: body.body,
              client_id: body.client_id,
              context: { type: 'job', id: JOB, title: 'Fix a leaking tap', link: `/task/${JOB}` },
            }),
          );
        }
        return undefined;
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?c=${CONVERSATION_ID}`));
    expect(callsTo(fetchMock, '/api/conversations').find((c) => c.body)?.body).toEqual({
      recipient_id: OTHER,
      context: { type: 'job', id: JOB },
    });
    expect(await screen.findByText('About this job')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello Kofi,{Shift>}{Enter}{/Shift}is Friday fine?');
    await user.keyboard('{Enter}');

    const list = await messages();
    expect(within(list).getByText('Sending…')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove the link' })).not.toBeInTheDocument();
    const sent = callsTo(fetchMock, `${THREAD_PATH}/messages`)[0]?.body as Record<string, unknown>;
    expect(sent.body).toBe('Hello Kofi,\nis Friday fine?');
    expect(sent.client_id).toMatch(/^[\w-]{1,64}$/);
    expect(sent.context).toEqual({ type: 'job', id: JOB });

    await waitFor(() => expect(release).not.toBeNull());
    act(() => release?.());
    expect(await within(list).findByText('Sent')).toBeInTheDocument();
    expect(within(list).queryByText('Sending…')).not.toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Fix a leaking tap' })).toHaveAttribute(
      'href',
      `/task/${JOB}`,
    );
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((li) => li.textContent?.includes('Hello Kofi')),
    ).toHaveLength(1);
  });

  it('shows the server refusal with Retry, which sends the same client_id again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { fetchMock } = renderMessaging(
      `/messaging?c=${CONVERSATION_ID}`,
      withThread(thread([message(1)]), (req) => {
        if (req.path === `${THREAD_PATH}/messages` && req.method === 'POST') {
          if (fail) {
            fail = false;
            return json(429, { error: { code: 'RATE_LIMITED', message: MESSAGING_TEXT.rateLimited(7) } });
          }
          const body = req.body as { body: string; client_id: string };
          return json(201, message(2, { sender_id: ME, body: body.body, client_id: body.client_id }));
        }
        return undefined;
      }),
    );
    await messages();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you free?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/You are sending messages too fast/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    const [a, b] = callsTo(fetchMock, `${THREAD_PATH}/messages`).map(
      (c) => (c.body as { client_id: string }).client_id,
    );
    expect(a).toBeTruthy();
    expect(b).toBe(a);
  });

  it('loads earlier messages with before_seq, above the ones shown, with day separators', async () => {
    const user = userEvent.setup();
    const old = (seq: number) => message(seq, { body: `Old ${seq}`, created_at: '2026-10-02T10:00:00.000Z' });
    // Now, not minutes ago: just after midnight "minutes ago" is yesterday.
    const now = new Date().toISOString();
    const { fetchMock } = renderMessaging(`/messaging?c=${CONVERSATION_ID}`, (req) => {
      if (req.path !== THREAD_PATH) return undefined;
      return req.url.searchParams.get('before_seq') === '3'
        ? json(200, { ...thread([old(1), old(2)]), has_more: false })
        : json(200, {
            ...thread([message(3, { created_at: now }), message(4, { created_at: now })]),
            has_more: true,
          });
    });
    const list = await messages();
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(list).findByText('Old 1')).toBeInTheDocument();
    const bodies = within(list)
      .getAllByText(/^(Old|Message) \d$/)
      .map((el) => el.textContent);
    expect(bodies).toEqual(['Old 1', 'Old 2', 'Message 3', 'Message 4']);
    expect(within(list).getByText('Today')).toBeInTheDocument();
    expect(within(list).getByText(/2 October/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, THREAD_PATH).at(-1)?.url.searchParams.get('before_seq')).toBe('3');
  });

  it('sends a photo with its text through the multipart endpoint, showing the upload progress', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    // jsdom has no object URLs (the previews).
    const urls = URL as unknown as Record<string, unknown>;
    urls.createObjectURL ??= () => 'blob:preview';
    urls.revokeObjectURL ??= () => {};
    const user = userEvent.setup();
    renderMessaging(`/messaging?c=${CONVERSATION_ID}`, withThread(thread([message(1)])));
    const list = await messages();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'tap.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Attach a photo'), photo);
    expect(screen.getByRole('img', { name: 'Ready to send: tap.jpg' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'This one');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const xhr = FakeXhr.sent[0];
    if (!xhr) throw new Error('no upload was sent');
    expect(xhr.url).toBe(`${THREAD_PATH}/messages/image`);
    const form = xhr.body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
    expect(form.get('body')).toBe('This one');
    const clientId = form.get('client_id');
    expect(clientId).toBeTruthy();
    act(() => xhr.progress(30, 100));
    expect(await within(list).findByText('Uploading photo, 30%')).toBeInTheDocument();
    act(() =>
      xhr.respond(
        201,
        message(2, {
          sender_id: ME,
          body: 'This one',
          client_id: String(clientId),
          attachment: {
            url: `${THREAD_PATH}/attachments/m-2`,
            content_type: 'image/webp',
            width: 800,
            height: 600,
          },
        }),
      ),
    );
    expect(await within(list).findByText('Sent')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Shared by you' })).toHaveAttribute(
      'src',
      `${THREAD_PATH}/attachments/m-2`,
    );
    expect(within(list).getByRole('link', { name: 'Shared by you' })).toHaveAttribute('target', '_blank');
  });

  it('appends live messages once, and flips Sent to Read on a read event', async () => {
    renderMessaging(
      `/messaging?c=${CONVERSATION_ID}`,
      withThread(
        thread([message(1), message(2, { sender_id: ME, body: 'See you then' })], { other_read_seq: 1 }),
      ),
    );
    const list = await messages();
    expect(within(list).getByText('Sent')).toBeInTheDocument();

    emitEvent({ type: 'read', conversation_id: CONVERSATION_ID, reader_id: OTHER, seq: 2 });
    expect(await within(list).findByText('Read')).toBeInTheDocument();

    const live = message(3, { body: 'On my way', created_at: new Date().toISOString() });
    emitEvent({ type: 'message', message: live });
    emitEvent({ type: 'message', message: live });
    expect(await within(list).findByText('On my way')).toBeInTheDocument();
    expect(within(list).getAllByText('On my way')).toHaveLength(1);
  });

  it('shows "is typing" on their typing frame, hides it after the TTL or when their message arrives', async () => {
    renderMessaging(`/messaging?c=${CONVERSATION_ID}`, withThread(thread([message(1)])));
    await messages();
    const typing = { type: 'typing', conversation_id: CONVERSATION_ID, user_id: OTHER } as const;

    // Someone else's typing, or another conversation's, shows nothing.
    emit({ ...typing, user_id: ME });
    emit({ ...typing, conversation_id: 'other-conversation' });
    expect(screen.queryByText('Kofi Boateng is typing…')).not.toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    emit(typing);
    expect(screen.getByText('Kofi Boateng is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TYPING_TTL_MS + 10));
    expect(screen.queryByText('Kofi Boateng is typing…')).not.toBeInTheDocument();
    vi.useRealTimers();

    emit(typing);
    expect(screen.getByText('Kofi Boateng is typing…')).toBeInTheDocument();
    emitEvent({
      type: 'message',
      message: message(2, { body: 'Done typing', created_at: new Date().toISOString() }),
    });
    expect(await screen.findByText('Done typing')).toBeInTheDocument();
    expect(screen.queryByText('Kofi Boateng is typing…')).not.toBeInTheDocument();
  });

  it('offers WhatsApp only when the provider shares it', async () => {
    renderMessaging(
      `/messaging?c=${CONVERSATION_ID}`,
      withThread(
        thread([message(1)], {
          other: { ...conversation().other, whatsapp_url: 'https://wa.me/233241234567' },
        }),
      ),
    );
    const link = await screen.findByRole('link', { name: 'WhatsApp' });
    expect(link).toHaveAttribute('href', 'https://wa.me/233241234567');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Kofi Boateng' })).toHaveAttribute(
      'href',
      '/providers/kofi-boateng-k3x9q2',
    );
  });

  it('has no WhatsApp button when whatsapp_url is null', async () => {
    renderMessaging(`/messaging?c=${CONVERSATION_ID}`, withThread(thread([message(1)])));
    await messages();
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).not.toBeInTheDocument();
  });

  it('blocked by me: a notice with Unblock instead of the composer', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderMessaging(
      `/messaging?c=${CONVERSATION_ID}`,
      withThread(thread([message(1)], { blocked_by_me: true }), (req) => {
        if (req.path === `/api/users/${OTHER}/block` && req.method === 'DELETE')
          return json(200, { user_id: OTHER, blocked: false });
        return undefined;
      }),
    );
    expect(await screen.findByText('You blocked this user.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('blocked by them: the shared message, and no composer', async () => {
    renderMessaging(
      `/messaging?c=${CONVERSATION_ID}`,
      withThread(thread([message(1)], { blocked_me: true })),
    );
    expect(await screen.findByText(MESSAGING_TEXT.blocked)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('counts characters near the limit and refuses more than 5,000', async () => {
    const user = userEvent.setup();
    renderMessaging(`/messaging?c=${CONVERSATION_ID}`, withThread(thread([message(1)])));
    await messages();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.paste('a'.repeat(4600));
    expect(screen.getByText('4,600 / 5,000')).toBeInTheDocument();
    await user.paste('a'.repeat(401));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGING_TEXT.tooLong);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('reports the other user with a reason and details', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderMessaging(
      `/messaging?c=${CONVERSATION_ID}`,
      withThread(thread([message(1)]), (req) => {
        if (req.path === '/api/reports' && req.method === 'POST')
          return json(201, {
            id: 'r-1',
            reason: 'scam',
            status: 'open',
            created_at: new Date().toISOString(),
          });
        return undefined;
      }),
    );
    await messages();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Kofi Boateng' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason.');
    await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Details/ }), 'Asked for MoMo upfront');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(MESSAGING_TEXT.reportThanks)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/reports')[0]?.body).toEqual({
      user_id: OTHER,
      conversation_id: CONVERSATION_ID,
      reason: 'scam',
      details: 'Asked for MoMo upfront',
    });
  });
});

describe('messaging: messages written offline (issue 21)', () => {
  /** The browser's idea of the network, switched by the test. */
  function network(initial: boolean) {
    let online = initial;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    return {
      goOnline() {
        online = true;
        act(() => {
          window.dispatchEvent(new Event('online'));
        });
      },
    };
  }

  /** Answers POST …/messages with the stored copy (its client_id), counting the posts. */
  function acceptSends(posted: { client_id: string; body: string }[]): Route {
    return (req) => {
      if (req.path === `${THREAD_PATH}/messages` && req.method === 'POST') {
        const body = req.body as { body: string; client_id: string };
        posted.push(body);
        return json(
          201,
          message(2, {
            id: `m-saved-${body.client_id}`,
            sender_id: ME,
            body: body.body,
            client_id: body.client_id,
            created_at: new Date().toISOString(),
          }),
        );
      }
      return undefined;
    };
  }

  const bubbles = (list: HTMLElement, text: string) =>
    within(list)
      .getAllByRole('listitem')
      .filter((li) => li.textContent?.includes(text));

  it('offline: shows the message at once as "Waiting to send", sends it when back online, and shows it once', async () => {
    const user = userEvent.setup();
    const net = network(false);
    const posted: { client_id: string; body: string }[] = [];
    renderMessaging(`/messaging?c=${CONVERSATION_ID}`, withThread(thread([message(1)]), acceptSends(posted)));
    const list = await messages();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'See you at 3');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await within(list).findByText('Waiting to send')).toBeInTheDocument();
    expect(bubbles(list, 'See you at 3')).toHaveLength(1);
    expect(posted).toEqual([]);
    const stored = JSON.parse(localStorage.getItem(`adwuma:outbox:${ME}`) ?? '[]') as { clientId: string }[];
    expect(stored).toHaveLength(1);

    net.goOnline();
    expect(await within(list).findByText('Sent')).toBeInTheDocument();
    expect(within(list).queryByText('Waiting to send')).not.toBeInTheDocument();
    expect(posted).toEqual([{ body: 'See you at 3', client_id: stored[0]?.clientId }]);
    expect(localStorage.getItem(`adwuma:outbox:${ME}`)).toBeNull();

    // The realtime echo of the same message (same client_id) does not show it twice.
    emitEvent({
      type: 'message',
      message: message(2, {
        id: `m-saved-${stored[0]?.clientId}`,
        sender_id: ME,
        body: 'See you at 3',
        client_id: stored[0]?.clientId ?? null,
      }),
    });
    await waitFor(() => expect(bubbles(list, 'See you at 3')).toHaveLength(1));
  });

  it('a message waiting from before a reload shows with the thread and goes out with its client id', async () => {
    const net = network(false);
    localStorage.setItem(
      `adwuma:outbox:${ME}`,
      JSON.stringify([
        {
          clientId: 'kept-1',
          conversationId: CONVERSATION_ID,
          body: 'Written on the bus',
          createdAt: new Date().toISOString(),
          state: 'waiting',
        },
      ]),
    );
    const posted: { client_id: string; body: string }[] = [];
    renderMessaging(`/messaging?c=${CONVERSATION_ID}`, withThread(thread([message(1)]), acceptSends(posted)));
    const list = await messages();
    expect(within(list).getByText('Written on the bus')).toBeInTheDocument();
    expect(within(list).getByText('Waiting to send')).toBeInTheDocument();

    net.goOnline();
    expect(await within(list).findByText('Sent')).toBeInTheDocument();
    expect(posted).toEqual([{ body: 'Written on the bus', client_id: 'kept-1' }]);
    expect(bubbles(list, 'Written on the bus')).toHaveLength(1);
  });

  it('a send that fails for network reasons waits; a refused one offers Retry and Delete', async () => {
    const user = userEvent.setup();
    network(true);
    let mode: 'down' | 'refuse' = 'refuse';
    renderMessaging(
      `/messaging?c=${CONVERSATION_ID}`,
      withThread(thread([message(1)]), (req) => {
        if (req.path === `${THREAD_PATH}/messages` && req.method === 'POST') {
          if (mode === 'down') throw new TypeError('Failed to fetch');
          return json(403, { error: { code: 'FORBIDDEN', message: MESSAGING_TEXT.blocked } });
        }
        return undefined;
      }),
    );
    const list = await messages();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Refused one');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(list).findByText(`Not sent: ${MESSAGING_TEXT.blocked}`)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByText('Refused one')).not.toBeInTheDocument());
    expect(localStorage.getItem(`adwuma:outbox:${ME}`)).toBeNull();

    mode = 'down';
    await user.type(box, 'Lost in the tunnel');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(list).findByText('Waiting to send')).toBeInTheDocument();
    expect(within(list).getByText('Lost in the tunnel')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('messaging in Twi (issue 21)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('renders the list, the thread, dates and the composer in Twi', async () => {
    await loadLanguage('ak');
    await i18n.changeLanguage('ak');
    const user = userEvent.setup();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const now = new Date().toISOString();
    const old = '2026-10-02T10:00:00.000Z';
    renderMessaging(`/messaging?c=${CONVERSATION_ID}`, (req) => {
      if (req.path === '/api/conversations' && req.method === 'GET')
        return json(200, {
          items: [
            conversation({
              unread: 2,
              last_message: {
                seq: 2,
                sender_is_me: true,
                preview: 'Medaase',
                has_attachment: false,
                created_at: now,
              },
            }),
          ],
          next_before: null,
        });
      if (req.path === THREAD_PATH && req.method === 'GET')
        return json(200, thread([message(1, { created_at: old }), message(2, { created_at: now })]));
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Nkra a wo ne Kofi Boateng adi' });
    expect(screen.getAllByRole('heading', { level: 1, name: 'Nkra' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('searchbox', { name: 'Hwehwɛ nkra' })).toBeInTheDocument();
    expect(screen.getByText('Wo: Medaase')).toBeInTheDocument();
    expect(screen.getByText('2 a wonkenkanee')).toBeInTheDocument();
    expect(within(list).getByText('Ɛnnɛ')).toBeInTheDocument();
    const oldDay = formatDate(old, 'ak', 'weekday-day');
    expect(oldDay).not.toBe(formatDate(old, 'en', 'weekday-day'));
    expect(within(list).getByText(oldDay)).toBeInTheDocument();
    expect(screen.getByText('Adwumayɛni')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Nkra' });
    expect(box).toHaveAttribute('placeholder', 'Kyerɛw nkra…');
    await user.type(box, 'Wobɛba ɛnnɛ?');
    await user.click(screen.getByRole('button', { name: 'Soma' }));
    expect(await within(list).findByText('Ɛretwɛn sɛ ɛbɛkɔ')).toBeInTheDocument();
    expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument();
  });
});
