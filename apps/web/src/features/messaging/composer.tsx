import {
  type ConversationContextInput,
  formatCount,
  MESSAGE_MAX_LENGTH,
  MESSAGING_TEXT,
  messageBodyProblem,
} from '@adwuma/shared';
import { ImagePlus, Link2, SendHorizontal, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { realtime } from '../../lib/realtime.ts';
import type { Outgoing } from './api/messaging-api.ts';
import { useMessagingText } from './i18n.ts';
import { newClientId } from './use-send-message.ts';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The counter shows from here on. */
const COUNT_FROM = MESSAGE_MAX_LENGTH - 500;
const MAX_HEIGHT_PX = 160;

/** Enter sends on a device with a keyboard and a fine pointer; on phones Enter is a new line. */
function enterSends(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return !window.matchMedia('(pointer: coarse)').matches;
}

export function Composer({
  conversationId,
  context,
  onClearContext,
  onSend,
}: {
  conversationId: string;
  /** Carried into the first message sent (from ?context=), shown as a removable chip. */
  context: ConversationContextInput | null;
  onClearContext: () => void;
  onSend: (out: Outgoing) => void;
}) {
  const uid = useId();
  const { t } = useMessagingText();
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);

  // Autosize: grows with the text up to MAX_HEIGHT_PX, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measures whenever the text changes
  useLayoutEffect(() => {
    const el = textRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [body]);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const length = body.trim().length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const canSend = messageBodyProblem(body, file !== null) === null;

  const submit = () => {
    const reason = messageBodyProblem(body, file !== null);
    if (reason) {
      setProblem(reason);
      return;
    }
    onSend({
      body: body.trim(),
      clientId: newClientId(),
      ...(context ? { context } : {}),
      ...(file ? { file } : {}),
    });
    setBody('');
    setFile(null);
    setProblem(null);
    if (context) onClearContext();
    textRef.current?.focus();
  };

  const pick = (picked: File) => {
    if (!PHOTO_TYPES.includes(picked.type)) {
      setProblem(t('composer.photoType'));
      return;
    }
    if (picked.size > PHOTO_MAX_BYTES) {
      setProblem(t('composer.photoSize'));
      return;
    }
    setProblem(null);
    setFile(picked);
  };

  // The shared rule answers in English: its texts shown in the reader's language.
  const problemText = (reason: string | null) =>
    reason === MESSAGING_TEXT.tooLong
      ? t('composer.tooLong', { max: formatCount(MESSAGE_MAX_LENGTH) })
      : reason === MESSAGING_TEXT.empty
        ? t('composer.empty')
        : reason;
  const shownProblem = problemText(tooLong ? MESSAGING_TEXT.tooLong : problem);
  const errorId = `${uid}-error`;
  const countId = `${uid}-count`;

  return (
    <form
      noValidate
      aria-label={t('composer.form')}
      className="border-t border-border bg-card px-3 pb-3 pt-2 sm:px-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {shownProblem && (
        <p id={errorId} role="alert" className="mb-2 text-sm font-medium text-danger">
          {shownProblem}
        </p>
      )}
      {(context || preview) && (
        <div className="mb-2 flex flex-wrap items-end gap-2">
          {context && (
            <span className="inline-flex min-h-8 items-center gap-1.5 rounded-full bg-brand-100 py-1 pl-3 pr-1 text-xs font-semibold text-brand-800 dark:bg-brand-800/40 dark:text-brand-100">
              <Link2 aria-hidden="true" className="h-3.5 w-3.5" />
              {t(`context.${context.type}`)}
              <button
                type="button"
                onClick={onClearContext}
                aria-label={t('composer.removeContext')}
                className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/15"
              >
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </span>
          )}
          {preview && file && (
            <span className="relative inline-block">
              <img
                src={preview}
                alt={t('composer.readyToSend', { name: file.name })}
                className="h-20 w-20 rounded-xl border border-border object-cover"
              />
              <button
                type="button"
                onClick={() => setFile(null)}
                aria-label={t('composer.removePhoto')}
                className="absolute -right-2 -top-2 inline-flex h-7 w-7 items-center justify-center rounded-full border border-border bg-card text-fg shadow-sm hover:bg-muted"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </span>
          )}
        </div>
      )}
      <div className="flex items-end gap-2">
        <label
          title={t('composer.attach')}
          className="inline-flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-fg hover:bg-muted hover:text-fg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500"
        >
          <input
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="sr-only"
            aria-label={t('composer.attach')}
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = '';
              if (picked) pick(picked);
            }}
          />
          <ImagePlus aria-hidden="true" className="h-5 w-5" />
        </label>
        <textarea
          ref={textRef}
          rows={1}
          value={body}
          aria-label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          aria-invalid={tooLong || undefined}
          aria-describedby={
            [shownProblem ? errorId : null, length >= COUNT_FROM ? countId : null]
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(event) => {
            setBody(event.target.value);
            if (problem) setProblem(null);
            if (event.target.value.trim()) realtime.typing(conversationId);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && enterSends()) {
              event.preventDefault();
              submit();
            }
          }}
          className="block max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-border bg-bg px-3.5 py-2.5 text-base text-fg placeholder:text-muted-fg/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-danger sm:text-sm"
        />
        <button
          type="submit"
          disabled={!canSend}
          className="inline-flex h-11 shrink-0 items-center justify-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <SendHorizontal aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only sm:not-sr-only">{t('composer.send')}</span>
        </button>
      </div>
      {length >= COUNT_FROM && (
        <p
          id={countId}
          className={`mt-1 text-right text-xs ${tooLong ? 'font-semibold text-danger' : 'text-muted-fg'}`}
        >
          {t('composer.count', { n: formatCount(length), max: formatCount(MESSAGE_MAX_LENGTH) })}
        </p>
      )}
    </form>
  );
}
