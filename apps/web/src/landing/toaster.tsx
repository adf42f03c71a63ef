import { CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLandingText } from './text.ts';

/**
 * The landing page's toasts: one at a time (spec 2 "A toast area shows notifications, one at a
 * time"), a new one replaces the last. A few dozen lines instead of a toast library keep the landing
 * bundle lean (sonner adds ~10 KB gzip to a page whose only interactive parts are two forms).
 *
 * The toast is a visual echo: each form also shows its message inline in a role="status"/"alert"
 * region, which is what screen readers announce, so the toast itself is not a live region (it would
 * announce everything twice).
 */
export type ToastTone = 'success' | 'info' | 'error';
export type Toast = { id: number; tone: ToastTone; title: string; description: string };

export const TOAST_DURATION_MS = 6000;

let current: Toast | null = null;
let sequence = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function notify(tone: ToastTone, title: string, description: string): void {
  sequence += 1;
  current = { id: sequence, tone, title, description };
  emit();
}

export function dismissToast(): void {
  if (current === null) return;
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const TONES = {
  success: { icon: CircleCheck, colour: 'text-leaf-600 dark:text-leaf-500', bar: 'bg-leaf-600' },
  info: { icon: Info, colour: 'text-brand-600 dark:text-brand-500', bar: 'bg-brand-600' },
  error: { icon: TriangleAlert, colour: 'text-danger', bar: 'bg-danger' },
} as const;

export function LandingToaster() {
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const t = useLandingText();
  return (
    <section
      aria-label={t('toasts.region')}
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-3 sm:top-5"
    >
      {toast && <ToastCard key={toast.id} toast={toast} />}
    </section>
  );
}

/** One toast: closes itself after TOAST_DURATION_MS, paused while hovered or focused; Escape closes. */
function ToastCard({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  // Hover or keyboard focus holds the toast open (listeners on the element: it is not a control).
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const hold = () => setPaused(true);
    const release = () => setPaused(false);
    element.addEventListener('pointerenter', hold);
    element.addEventListener('pointerleave', release);
    element.addEventListener('focusin', hold);
    element.addEventListener('focusout', release);
    return () => {
      element.removeEventListener('pointerenter', hold);
      element.removeEventListener('pointerleave', release);
      element.removeEventListener('focusin', hold);
      element.removeEventListener('focusout', release);
    };
  }, []);

  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(dismissToast, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [paused]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismissToast();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const tone = TONES[toast.tone];
  const t = useLandingText();
  return (
    <div
      ref={ref}
      data-toast-tone={toast.tone}
      className="pointer-events-auto relative flex w-full max-w-sm items-start gap-3 overflow-hidden rounded-2xl border border-border bg-card py-3.5 pr-3 pl-4 text-fg shadow-2xl shadow-stone-900/15 transition duration-200 ease-out starting:-translate-y-3 starting:opacity-0"
    >
      <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1 ${tone.bar}`} />
      <tone.icon className={`mt-0.5 h-5 w-5 shrink-0 ${tone.colour}`} aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">{toast.title}</p>
        <p className="mt-0.5 text-muted-fg">{toast.description}</p>
      </div>
      <button
        type="button"
        onClick={dismissToast}
        aria-label={t('toasts.dismiss')}
        className="-mt-1 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-muted-fg hover:bg-muted hover:text-fg"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
