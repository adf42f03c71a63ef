// Issue 21: "Share on WhatsApp" (profiles, jobs). WhatsApp opens with the text and the page's
// absolute address; the link preview comes from the page's server-rendered head (og: tags). The
// caller gives the words in the page's language; @adwuma/shared builds the wa.me link.
import { whatsappShareUrl } from '@adwuma/shared';
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * The site's origin once in the browser; null on the server and during hydration (the server does
 * not know the public address in its render, and the first client render must match it).
 */
export function useOrigin(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => null,
  );
}

/** A path as an absolute URL (the path alone until the origin is known, just after hydration). */
export function useAbsoluteUrl(path: string): string {
  const origin = useOrigin();
  return origin ? new URL(path, origin).toString() : path;
}

/** The WhatsApp mark (a speech bubble with a handset), in the current colour. */
export function WhatsAppIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className={className}>
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.4-.3Z" />
    </svg>
  );
}

const STYLES = {
  outline:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-border bg-card px-4 text-sm font-semibold text-fg hover:bg-muted',
  solid:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-leaf-600 px-4 text-sm font-semibold text-white hover:bg-leaf-700',
} as const;

/**
 * "Share on WhatsApp": opens WhatsApp (the app on a phone, WhatsApp Web elsewhere) with `text` and
 * the absolute address of `path`; the person then picks the chat.
 */
export function WhatsAppShare({
  text,
  path,
  label,
  variant = 'outline',
  className = '',
}: {
  /** The words before the link, e.g. the page's title. */
  text: string;
  /** The page to share, as a path ("/providers/ama-k3x9q2"). */
  path: string;
  /** The button's words, in the page's language ("Share on WhatsApp"). */
  label: string;
  variant?: keyof typeof STYLES;
  className?: string;
}) {
  const url = useAbsoluteUrl(path);
  return (
    <a
      href={whatsappShareUrl(text, url)}
      target="_blank"
      rel="noopener noreferrer"
      className={`${STYLES[variant]} ${className}`.trim()}
    >
      <WhatsAppIcon />
      {label}
    </a>
  );
}
