import {
  BOOKING_LIMITS,
  cancelInputSchema,
  DISPUTE_REASONS,
  disputeInputSchema,
  rescheduleInputSchema,
} from '@adwuma/shared';
import { type FormEvent, useId, useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Input, Select, Textarea } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/api.ts';
import type { BookingDetail } from './api/get-booking.ts';
import { durationText } from './booking-text.ts';
import { useBookingsText } from './i18n.ts';

/** The dialogs' words in the page's language (src/locales/<language>/bookings.json, "dialogs"). */
function useDialogText() {
  const { t } = useBookingsText();
  const keys = [
    'rescheduleTitle',
    'rescheduleLead',
    'date',
    'time',
    'timeHint',
    'duration',
    'note',
    'sendProposal',
    'cancelTitle',
    'reason',
    'reasonHint',
    'confirmCancel',
    'keep',
    'disputeTitle',
    'disputeLead',
    'disputeReason',
    'chooseReason',
    'description',
    'descriptionHint',
    'sendDispute',
    'close',
  ] as const;
  const text = Object.fromEntries(keys.map((k) => [k, t(`dialogs.${k}`)])) as Record<
    (typeof keys)[number],
    string
  >;
  return { ...text, t };
}

const DURATIONS = [30, 60, 90, 120, 180, 240, 360, 480];

type Issues = Record<string, string>;

function issuesOf(error: z.ZodError): Issues {
  const out: Issues = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's refusal: field messages go to their fields, the rest shows above the buttons. */
function useServerError(error: unknown) {
  const fields = fieldErrors(error);
  const message = error instanceof Error && Object.keys(fields).length === 0 ? error.message : null;
  return { fields, message };
}

export function RescheduleDialog({
  booking,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  booking: BookingDetail;
  busy: boolean;
  error: unknown;
  onSubmit: (input: z.input<typeof rescheduleInputSchema>) => void;
  onClose: () => void;
}) {
  const uid = useId();
  const DIALOG_TEXT = useDialogText();
  const [date, setDate] = useState(booking.scheduled_date ?? '');
  const [time, setTime] = useState(booking.start_time ?? '');
  const [duration, setDuration] = useState(booking.duration_minutes ? String(booking.duration_minutes) : '');
  const [note, setNote] = useState('');
  const [issues, setIssues] = useState<Issues>({});
  const server = useServerError(error);
  const durations =
    booking.duration_minutes && !DURATIONS.includes(booking.duration_minutes)
      ? [...DURATIONS, booking.duration_minutes].sort((a, b) => a - b)
      : DURATIONS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      scheduled_date: date,
      start_time: time || null,
      duration_minutes: duration ? Number(duration) : null,
      note: note.trim() || null,
    };
    const parsed = rescheduleInputSchema.safeParse(input);
    if (!parsed.success) {
      setIssues(issuesOf(parsed.error));
      return;
    }
    setIssues({});
    onSubmit(input);
  };
  const err = (name: string) => issues[name] ?? server.fields[name];

  return (
    <Dialog title={DIALOG_TEXT.rescheduleTitle} description={DIALOG_TEXT.rescheduleLead} onClose={onClose}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${uid}-date`} label={DIALOG_TEXT.date} error={err('scheduled_date')}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={date}
                onChange={(e) => setDate(e.target.value)}
                required
              />
            )}
          </Field>
          <Field id={`${uid}-time`} label={DIALOG_TEXT.time} error={err('start_time')} optional>
            {(control) => (
              <Input
                {...control}
                type="time"
                step={900}
                value={time}
                onChange={(e) => setTime(e.target.value)}
              />
            )}
          </Field>
        </div>
        <p className="-mt-2 text-xs text-muted-fg">{DIALOG_TEXT.timeHint}</p>
        <Field id={`${uid}-duration`} label={DIALOG_TEXT.duration} error={err('duration_minutes')} optional>
          {(control) => (
            <Select {...control} value={duration} onChange={(e) => setDuration(e.target.value)}>
              <option value="">{DIALOG_TEXT.t('dialogs.notSet')}</option>
              {durations.map((m) => (
                <option key={m} value={m}>
                  {durationText(DIALOG_TEXT.t, m)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${uid}-note`} label={DIALOG_TEXT.note} error={err('note')} optional>
          {(control) => (
            <Textarea
              {...control}
              value={note}
              maxLength={BOOKING_LIMITS.reasonMax}
              onChange={(e) => setNote(e.target.value)}
              className="min-h-20"
            />
          )}
        </Field>
        {server.message && (
          <Alert tone="danger" role="alert">
            {server.message}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {DIALOG_TEXT.close}
          </Button>
          <Button type="submit" busy={busy}>
            {DIALOG_TEXT.sendProposal}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function CancelDialog({
  booking,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  booking: BookingDetail;
  busy: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const uid = useId();
  const DIALOG_TEXT = useDialogText();
  const [reason, setReason] = useState('');
  const [issue, setIssue] = useState<string | undefined>();
  const server = useServerError(error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cancelInputSchema.safeParse({ reason: reason.trim() });
    if (!parsed.success) {
      setIssue(parsed.error.issues[0]?.message);
      return;
    }
    setIssue(undefined);
    onSubmit(reason.trim());
  };
  return (
    <Dialog title={DIALOG_TEXT.cancelTitle} onClose={onClose}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <Alert
          tone={booking.cancellation.free ? 'info' : 'danger'}
          title={DIALOG_TEXT.t(booking.cancellation.free ? 'dialogs.freeCancel' : 'dialogs.lateCancel')}
        >
          <p data-testid="cancellation-policy">{booking.cancellation.message}</p>
        </Alert>
        <Field
          id={`${uid}-reason`}
          label={DIALOG_TEXT.reason}
          hint={DIALOG_TEXT.reasonHint}
          error={issue ?? server.fields.reason}
        >
          {(control) => (
            <Textarea
              {...control}
              value={reason}
              maxLength={BOOKING_LIMITS.reasonMax}
              onChange={(e) => setReason(e.target.value)}
              className="min-h-24"
            />
          )}
        </Field>
        {server.message && (
          <Alert tone="danger" role="alert">
            {server.message}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {DIALOG_TEXT.keep}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {DIALOG_TEXT.confirmCancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function DisputeDialog({
  busy,
  error,
  onSubmit,
  onClose,
}: {
  busy: boolean;
  error: unknown;
  onSubmit: (input: z.input<typeof disputeInputSchema>) => void;
  onClose: () => void;
}) {
  const uid = useId();
  const DIALOG_TEXT = useDialogText();
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [issues, setIssues] = useState<Issues>({});
  const server = useServerError(error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = disputeInputSchema.safeParse({ reason, description: description.trim() });
    if (!parsed.success) {
      setIssues(issuesOf(parsed.error));
      return;
    }
    setIssues({});
    onSubmit(parsed.data);
  };
  return (
    <Dialog title={DIALOG_TEXT.disputeTitle} description={DIALOG_TEXT.disputeLead} onClose={onClose}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <Field
          id={`${uid}-reason`}
          label={DIALOG_TEXT.disputeReason}
          error={issues.reason ?? server.fields.reason}
        >
          {(control) => (
            <Select {...control} value={reason} onChange={(e) => setReason(e.target.value)}>
              <option value="">{DIALOG_TEXT.chooseReason}</option>
              {DISPUTE_REASONS.map((r) => (
                <option key={r} value={r}>
                  {DIALOG_TEXT.t(`dialogs.reasons.${r}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          id={`${uid}-description`}
          label={DIALOG_TEXT.description}
          hint={DIALOG_TEXT.descriptionHint}
          error={issues.description ?? server.fields.description}
        >
          {(control) => (
            <Textarea {...control} value={description} onChange={(e) => setDescription(e.target.value)} />
          )}
        </Field>
        {server.message && (
          <Alert tone="danger" role="alert">
            {server.message}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {DIALOG_TEXT.close}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {DIALOG_TEXT.sendDispute}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
