import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * The app's toasts, with sonner's call shapes (`toast(…)`, `toast.success(…)`, …), without sonner in
 * the first download of a page (~10 KB gzip on a cheap phone): sonner is imported on the first toast,
 * and components/site/toast-area.tsx mounts its Toaster then. Calls made while it loads run in order
 * once it is there, and the Toaster shows the toasts raised before it mounted (sonner replays the
 * active toasts to a new Toaster). Every call gets its id at once, as with sonner, so a toast can be
 * updated before sonner has loaded (`const id = toast.loading(…)` then `toast.success(…, { id })`).
 */

type Sonner = typeof import('sonner');
type Message = Parameters<typeof sonnerToast>[0];
type ToastId = NonNullable<ExternalToast['id']>;
type Kind = 'success' | 'error' | 'info' | 'warning' | 'loading';

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const queued: Array<(loaded: Sonner) => void> = [];
const firstToastListeners = new Set<() => void>();
let requested = false;
let lastId = 0;

function load(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (loaded) => {
      sonner = loaded;
      for (const call of queued.splice(0)) call(loaded);
      return loaded;
    },
    (error: unknown) => {
      // Offline or a new deploy: the next toast tries again (the queued ones wait for it).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function run(call: (loaded: Sonner) => void): void {
  if (!requested) {
    requested = true;
    for (const listener of firstToastListeners) listener();
    firstToastListeners.clear();
  }
  if (sonner) {
    call(sonner);
    return;
  }
  queued.push(call);
  load().catch(() => {});
}

function show(kind: Kind | undefined, message: Message, data?: ExternalToast): ToastId {
  lastId += 1;
  const id = data?.id ?? `toast-${lastId}`;
  run(({ toast: t }) => (kind ? t[kind] : t)(message, { ...data, id }));
  return id;
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show(undefined, message, data),
  {
    success: (message: Message, data?: ExternalToast) => show('success', message, data),
    error: (message: Message, data?: ExternalToast) => show('error', message, data),
    info: (message: Message, data?: ExternalToast) => show('info', message, data),
    warning: (message: Message, data?: ExternalToast) => show('warning', message, data),
    loading: (message: Message, data?: ExternalToast) => show('loading', message, data),
    dismiss: (id?: ToastId) => {
      // Nothing to dismiss before the first toast.
      if (requested) run(({ toast: t }) => t.dismiss(id));
    },
  },
);

/**
 * Calls `listener` once, when the first toast is raised (at once if one was); returns the unsubscribe.
 * The toast area mounts sonner's Toaster then.
 */
export function onFirstToast(listener: () => void): () => void {
  if (requested) {
    listener();
    return () => {};
  }
  firstToastListeners.add(listener);
  return () => firstToastListeners.delete(listener);
}
