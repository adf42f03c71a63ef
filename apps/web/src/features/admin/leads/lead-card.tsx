import {
  type AdminLead,
  type AdminLeadUpdate,
  adminLeadUpdateSchema,
  LEAD_NOTES_MAX,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
} from '@adwuma/shared';
import { AlarmClock, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { formatDay } from '../../../lib/money-format.ts';
import { toast } from '../../../lib/toast.ts';
import { formatDateTime } from '../admin-ui.tsx';
import type { AdminSummary } from '../users/api/admins.ts';
import { useUpdateLead } from './api/leads.ts';

export const LEAD_STATUS_TONES: Record<LeadStatus, BadgeTone> = {
  new: 'brand',
  contacted: 'neutral',
  qualified: 'neutral',
  won: 'leaf',
  lost: 'neutral',
};

/** Today in Accra (GMT all year, so the UTC date). */
export const todayInAccra = (now = new Date()) => now.toISOString().slice(0, 10);

/** A follow-up date that has passed on a lead still in play (won and lost leads need none). */
export function isOverdue(lead: Pick<AdminLead, 'follow_up_on' | 'status'>, today = todayInAccra()): boolean {
  return (
    lead.follow_up_on !== null && lead.follow_up_on < today && lead.status !== 'won' && lead.status !== 'lost'
  );
}

interface Draft {
  status: LeadStatus;
  owner_id: string;
  notes: string;
  follow_up_on: string;
}

const draftOf = (lead: AdminLead): Draft => ({
  status: lead.status,
  owner_id: lead.owner_id ?? '',
  notes: lead.notes,
  follow_up_on: lead.follow_up_on ?? '',
});

/** Only what changed: the PATCH body. */
function changes(lead: AdminLead, draft: Draft): AdminLeadUpdate {
  const base = draftOf(lead);
  const update: AdminLeadUpdate = {};
  if (draft.status !== base.status) update.status = draft.status;
  if (draft.owner_id !== base.owner_id) update.owner_id = draft.owner_id || null;
  if (draft.notes !== base.notes) update.notes = draft.notes;
  if (draft.follow_up_on !== base.follow_up_on) update.follow_up_on = draft.follow_up_on || null;
  return update;
}

type Errors = Partial<Record<keyof Draft | 'form', string>>;

/** One lead: who asked and what for, and the pipeline fields an admin keeps up to date. */
export function LeadCard({ lead, admins }: { lead: AdminLead; admins: AdminSummary[] | undefined }) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(lead));
  const [base, setBase] = useState(lead);
  const [errors, setErrors] = useState<Errors>({});
  const save = useUpdateLead(lead.id);
  const update = changes(base, draft);
  const dirty = Object.keys(update).length > 0;

  // Someone saved this lead elsewhere: show their copy unless there are edits here.
  if (lead.updated_at !== base.updated_at) {
    setBase(lead);
    if (!dirty) setDraft(draftOf(lead));
  }

  const overdue = isOverdue(lead);
  const ownerKnown = !lead.owner_id || admins?.some((a) => a.id === lead.owner_id);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key] || errors.form) setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  function submit() {
    const parsed = adminLeadUpdateSchema.safeParse(update);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues)
        next[(issue.path[0] as keyof Draft) ?? 'form'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setBase(saved);
        setDraft(draftOf(saved));
        toast.success('Lead saved', { description: saved.company });
      },
      onError: (error) => {
        const fields = fieldErrors(error) as Errors;
        setErrors(Object.keys(fields).length > 0 ? fields : { form: error.message });
      },
    });
  }

  const headingId = `${id}-company`;
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-card p-4 shadow-sm sm:p-5 ${overdue ? 'border-danger/60 ring-1 ring-danger/30' : 'border-border'}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold [overflow-wrap:anywhere]">
            {lead.company}
          </h2>
          <p className="text-xs text-muted-fg">
            Received <time dateTime={lead.created_at}>{formatDateTime(lead.created_at)}</time>
          </p>
        </div>
        <span className="flex flex-wrap gap-1.5">
          <Badge tone={LEAD_STATUS_TONES[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>
          {overdue && lead.follow_up_on && (
            <Badge tone="danger">
              <AlarmClock aria-hidden="true" className="h-3.5 w-3.5" />
              Follow-up overdue since {formatDay(lead.follow_up_on)}
            </Badge>
          )}
        </span>
      </header>

      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-fg">Contact</dt>
          <dd className="grid">
            <span>{lead.name}</span>
            <a
              href={`mailto:${lead.email}`}
              className="[overflow-wrap:anywhere] text-brand-700 underline dark:text-brand-500"
            >
              {lead.email}
            </a>
            {lead.phone && (
              <a href={`tel:${lead.phone}`} className="text-muted-fg underline">
                {lead.phone}
              </a>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-fg">Team size</dt>
          <dd>{lead.team_size}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-fg">Needs</dt>
          <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{lead.needs}</dd>
        </div>
      </dl>

      <form
        noValidate
        aria-label={`Follow-up of ${lead.company}`}
        className="mt-4 grid gap-3 border-t border-border pt-4 sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field id={`${id}-status`} label="Status" error={errors.status}>
          {(c) => (
            <Select
              {...c}
              value={draft.status}
              disabled={save.isPending}
              onChange={(e) => set('status', e.target.value as LeadStatus)}
            >
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LEAD_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${id}-owner`} label="Owner" error={errors.owner_id}>
          {(c) => (
            <Select
              {...c}
              value={draft.owner_id}
              disabled={save.isPending}
              onChange={(e) => set('owner_id', e.target.value)}
            >
              <option value="">Unassigned</option>
              {!ownerKnown && lead.owner_id && (
                <option value={lead.owner_id}>{lead.owner_email ?? 'A former admin'}</option>
              )}
              {admins?.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name ? `${a.name} (${a.email})` : a.email}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${id}-follow-up`} label="Follow-up date" error={errors.follow_up_on} optional>
          {(c) => (
            <Input
              {...c}
              type="date"
              value={draft.follow_up_on}
              disabled={save.isPending}
              onChange={(e) => set('follow_up_on', e.target.value)}
            />
          )}
        </Field>
        <div className="sm:col-span-3">
          <Field
            id={`${id}-notes`}
            label="Notes"
            hint={`Seen by admins only. ${draft.notes.length}/${LEAD_NOTES_MAX}`}
            error={errors.notes}
            optional
          >
            {(c) => (
              <Textarea
                {...c}
                value={draft.notes}
                disabled={save.isPending}
                className="min-h-24"
                onChange={(e) => set('notes', e.target.value)}
              />
            )}
          </Field>
        </div>
        {errors.form && (
          <Alert tone="danger" role="alert" title="Not saved" className="sm:col-span-3">
            {errors.form}
          </Alert>
        )}
        <div className="flex flex-wrap items-center justify-end gap-3 sm:col-span-3">
          {dirty && !save.isPending && <span className="text-xs text-muted-fg">Unsaved changes</span>}
          <Button type="submit" busy={save.isPending} disabled={!dirty} className="w-full sm:w-auto">
            <Save aria-hidden="true" className="h-4 w-4" />
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </article>
  );
}
