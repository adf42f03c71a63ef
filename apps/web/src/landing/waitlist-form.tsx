import {
  checkWaitlistEmail,
  type WaitlistForm as WaitlistFormName,
  waitlistMessages,
} from '@adwuma/shared/waitlist';
import { ArrowRight, CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import { CONTACT } from '../components/site/nav.ts';
import { sessionId, storedUtm } from '../lib/analytics.ts';
import { ApiError, api, fieldErrors } from '../lib/api.ts';
import { useLandingText } from './text.ts';
import { notify } from './toaster.tsx';

/** The server's answer to POST /api/waitlist (201 joined, 200 already subscribed). */
type WaitlistJoinResponse = { status: 'joined' | 'already_subscribed'; title: string; message: string };

type Outcome =
  | { kind: 'joined' | 'already_subscribed'; title: string; message: string }
  | { kind: 'failed'; title: string; message: string };

export type WaitlistFormProps = {
  /** Which landing form this is (spec 5): the hero form has the "I'm just exploring" checkbox. */
  form: WaitlistFormName;
  /** Text of the submit button (the page's "Join the waitlist" when not given). */
  submitLabel?: string;
  /** `inverted` for use on a dark band: light text around the (always light-on-card) field. */
  tone?: 'default' | 'inverted';
};

export const WAITLIST_PAGE_PATH = '/landing';

/** waitlistMessages' English text → its key in the landing catalog ("waitlistMessages.<key>"). */
const MESSAGE_KEYS = new Map(Object.entries(waitlistMessages).map(([key, text]) => [text as string, key]));

const noSubscription = () => () => {};
/**
 * False in the prerendered HTML and during hydration, true once React owns the page. Until then the
 * submit button stays disabled: a native submit of a script-less form would reload the page with the
 * email in the address (and lose it), which happens on slow phones that submit before the script runs.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A waitlist form (spec 2 landing, spec 5 "Waitlist", spec 8 "Waitlist duplicate"). Messages are
 * shown as a toast and, for assistive technology and for anyone who missed the toast, inline.
 */
export function WaitlistForm({ form, submitLabel, tone = 'default' }: WaitlistFormProps) {
  const t = useLandingText();
  // The shared messages (and the server's, which are the same English) in the page's language.
  const say = (message: string) => {
    const key = MESSAGE_KEYS.get(message);
    return key ? t(`waitlistMessages.${key}`) : message;
  };
  const messages = (key: keyof typeof waitlistMessages) => t(`waitlistMessages.${key}`);
  const id = useId();
  const emailId = `${id}-email`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [exploring, setExploring] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const hydrated = useHydrated();

  const inverted = tone === 'inverted';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setOutcome(null);
    const problem = checkWaitlistEmail(form, email);
    if (problem) {
      setFieldError(say(problem));
      inputRef.current?.focus();
      // Spec 5: an invalid value gets the 'Invalid Email' toast; an empty hero field is "required".
      if (!(form === 'hero' && email.trim() === '')) {
        notify('error', messages('invalidTitle'), say(problem));
      }
      return;
    }
    setFieldError(null);
    setSubmitting(true);
    try {
      const result = await api<WaitlistJoinResponse>('/api/waitlist', {
        method: 'POST',
        json: {
          email: email.trim(),
          form,
          exploring: form === 'hero' ? exploring : false,
          ...storedUtm(),
          page_path: WAITLIST_PAGE_PATH,
          session_id: sessionId(),
        },
      });
      if (result.status === 'already_subscribed') {
        const title = say(result.title || waitlistMessages.duplicateTitle);
        const message = say(result.message || waitlistMessages.duplicateBody);
        setOutcome({ kind: 'already_subscribed', title, message });
        notify('info', title, message);
      } else {
        const title = say(result.title || waitlistMessages.successTitle);
        const message = say(result.message || waitlistMessages.successBody);
        setOutcome({ kind: 'joined', title, message });
        setEmail('');
        setExploring(false);
        notify('success', title, message);
      }
    } catch (error) {
      const emailProblem = fieldErrors(error).email;
      if (emailProblem) {
        setFieldError(say(emailProblem));
        inputRef.current?.focus();
        notify('error', messages('invalidTitle'), say(emailProblem));
      } else {
        const message =
          error instanceof ApiError && error.status === 429 ? error.message : messages('errorBody');
        setOutcome({ kind: 'failed', title: messages('errorTitle'), message });
        notify('error', messages('errorTitle'), message);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const describedBy = [fieldError ? errorId : null, hintId].filter(Boolean).join(' ');

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting} className="w-full">
      <label
        htmlFor={emailId}
        className={`mb-2 block text-sm font-semibold ${inverted ? 'text-white' : 'text-fg'}`}
      >
        {t('waitlist.email')}
      </label>
      <div className="flex flex-col gap-2 rounded-2xl border border-border bg-card p-1.5 shadow-lg shadow-brand-800/5 transition-shadow has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-4 has-[input:focus-visible]:ring-ring/25 sm:flex-row sm:items-center sm:rounded-full">
        <input
          ref={inputRef}
          id={emailId}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (fieldError) setFieldError(null);
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy}
          className="h-12 min-w-0 flex-1 rounded-xl bg-transparent px-4 text-base text-fg placeholder:text-muted-fg/70 focus-visible:outline-none! sm:rounded-full"
        />
        <button
          type="submit"
          disabled={submitting || !hydrated}
          className={`inline-flex h-12 shrink-0 items-center justify-center gap-2 rounded-xl px-6 text-base font-semibold shadow-sm transition-colors disabled:opacity-80 sm:rounded-full ${
            inverted
              ? 'bg-stone-900 text-white hover:bg-black dark:bg-amber-400 dark:text-stone-900 dark:hover:bg-amber-300'
              : 'bg-brand-600 text-white hover:bg-brand-700'
          }`}
        >
          {submitting ? (
            <>
              <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" />
              {t('waitlist.joining')}
            </>
          ) : (
            <>
              {submitLabel ?? t('waitlist.submit')}
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </>
          )}
        </button>
      </div>

      {fieldError && (
        <p
          id={errorId}
          role="alert"
          className={`mt-2 flex items-center gap-1.5 text-sm font-medium ${inverted ? 'text-red-200' : 'text-danger'}`}
        >
          <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
          {fieldError}
        </p>
      )}

      {form === 'hero' && (
        <label
          className={`mt-3 inline-flex cursor-pointer items-center gap-2.5 text-sm ${inverted ? 'text-white/90' : 'text-fg'}`}
        >
          <input
            type="checkbox"
            name="exploring"
            checked={exploring}
            onChange={(e) => setExploring(e.target.checked)}
            className="h-5 w-5 cursor-pointer rounded border-border accent-brand-600"
          />
          {t('waitlist.exploring')}
        </label>
      )}

      <p id={hintId} className={`mt-2 text-xs ${inverted ? 'text-white/75' : 'text-muted-fg'}`}>
        {t('waitlist.hint')}
      </p>
      <noscript>
        <p className={`mt-2 text-sm font-medium ${inverted ? 'text-white' : 'text-fg'}`}>
          {t('waitlist.noscript', { email: CONTACT.email })}
        </p>
      </noscript>

      <div role="status" aria-live="polite">
        {outcome && outcome.kind !== 'failed' && <OutcomeMessage outcome={outcome} inverted={inverted} />}
      </div>
      {outcome?.kind === 'failed' && (
        <div role="alert">
          <OutcomeMessage outcome={outcome} inverted={inverted} />
        </div>
      )}
    </form>
  );
}

function OutcomeMessage({ outcome, inverted }: { outcome: Outcome; inverted: boolean }) {
  const failed = outcome.kind === 'failed';
  const Icon = failed ? TriangleAlert : CircleCheck;
  const colours = failed
    ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100'
    : 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/60 dark:text-green-50';
  return (
    <div
      className={`mt-3 flex items-start gap-3 rounded-xl border p-3 text-sm ${colours} ${inverted ? 'shadow-lg' : ''}`}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{outcome.title}</p>
        <p>{outcome.message}</p>
      </div>
    </div>
  );
}
