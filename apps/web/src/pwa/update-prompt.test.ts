import { beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = () => void;
const workbox = vi.hoisted(() => ({
  listeners: new Map<string, Listener[]>(),
  messageSkipWaiting: vi.fn(),
  messageSW: vi.fn(() => Promise.resolve(undefined)),
  register: vi.fn(() => Promise.resolve(undefined)),
}));
const toast = vi.hoisted(() => vi.fn());

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: Listener) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    messageSkipWaiting = workbox.messageSkipWaiting;
    messageSW = workbox.messageSW;
    register = workbox.register;
  },
}));
vi.mock('sonner', () => ({ toast }));

const fire = (type: string) => {
  for (const listener of workbox.listeners.get(type) ?? []) listener();
};

describe('the update prompt', () => {
  beforeEach(() => {
    workbox.listeners.clear();
    vi.clearAllMocks();
  });

  it('offers the waiting version and switches to it on Refresh', async () => {
    const { startServiceWorker } = await import('./update-prompt.ts');
    await startServiceWorker('/sw.js');
    expect(workbox.register).toHaveBeenCalled();
    expect(workbox.messageSW).toHaveBeenCalledWith({ type: 'LANGUAGE', language: 'en' });
    expect(toast).not.toHaveBeenCalled();

    fire('waiting');
    await vi.waitFor(() => expect(toast).toHaveBeenCalled());
    const [text, options] = toast.mock.calls[0] as [string, { action: { label: string; onClick(): void } }];
    expect(text).toBe('A new version of Adwuma is ready.');
    expect(options.action.label).toBe('Refresh');
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    options.action.onClick();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });
});
