import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { realtime } from '../../lib/realtime.ts';
import { getOutbox, type OutboxEntry } from './outbox.ts';

const NONE: readonly OutboxEntry[] = [];

/**
 * Sends the signed-in person's waiting messages when the app starts, when the browser is back
 * online and when the realtime connection opens again (the outbox sends each once, in order).
 */
export function useOutboxSync(userId: string | null | undefined): void {
  useEffect(() => {
    if (!userId) return;
    const box = getOutbox(userId);
    const flush = () => void box.flush();
    flush();
    window.addEventListener('online', flush);
    const offControl = realtime.onControl((signal) => {
      if (signal === 'ready') flush();
    });
    return () => {
      window.removeEventListener('online', flush);
      offControl();
    };
  }, [userId]);
}

/** The messages of one conversation still in the outbox (waiting, on their way, or refused). */
export function useOutboxEntries(userId: string, conversationId: string): readonly OutboxEntry[] {
  const box = getOutbox(userId);
  const all = useSyncExternalStore(
    (listener) => box.subscribe(listener),
    () => box.list(),
    () => NONE,
  );
  return useMemo(() => all.filter((e) => e.conversationId === conversationId), [all, conversationId]);
}
