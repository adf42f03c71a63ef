import {
  isSmsKind,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationPreferences,
} from '@adwuma/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { textOf } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { useOptionalSession } from '../auth/index.ts';
import {
  completePreferences,
  type PreferenceRow,
  preferenceKeys,
  preferencesQuery,
  savePreferences,
} from './api/preferences.ts';
import { DiagnosticsSection } from './diagnostics-section.tsx';
import { useNotificationsText } from './i18n.ts';

/** The switches of each kind: the three channels, and SMS (issue 21) for the kinds that allow it. */
const COLUMNS = [...NOTIFICATION_CHANNELS, 'sms'] as const;
type Column = NotificationChannel | 'sms';

function Toggle({
  checked,
  label,
  onChange,
  disabled = false,
  describedBy,
}: {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  return (
    <label
      className={`relative inline-flex items-center justify-center p-1 ${disabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer'}`}
    >
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        aria-label={label}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="h-6 w-11 rounded-full bg-muted ring-1 ring-border transition-colors peer-checked:bg-brand-600 peer-checked:ring-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-1.5 top-1/2 h-5 w-5 -translate-y-1/2 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
      />
    </label>
  );
}

/** Kinds × channels, each a switch saved at once (and put back if saving fails). */
export function PreferencesSection() {
  const { t } = useNotificationsText();
  const session = useOptionalSession();
  const phoneVerified = session?.me?.phone_verified === true;
  const smsHintId = useId();
  const queryClient = useQueryClient();
  const preferences = useQuery(preferencesQuery());
  const rows = completePreferences(preferences.data);

  const putRow = (row: PreferenceRow) =>
    queryClient.setQueryData<NotificationPreferences>(preferenceKeys.all, (current) => ({
      items: completePreferences(current).map((r) => (r.kind === row.kind ? row : r)),
    }));

  const save = useMutation({
    mutationFn: ({ next }: { next: PreferenceRow; previous: PreferenceRow }) => savePreferences([next]),
    onMutate: async ({ next }) => {
      await queryClient.cancelQueries({ queryKey: preferenceKeys.all });
      putRow(next);
    },
    // Only the switch that failed goes back, so other changes made meanwhile stay.
    onError: (error, { next, previous }) => {
      const current = completePreferences(
        queryClient.getQueryData<NotificationPreferences>(preferenceKeys.all),
      ).find((r) => r.kind === next.kind);
      const changed = COLUMNS.filter((c) => next[c] !== previous[c]);
      if (current) putRow({ ...current, ...Object.fromEntries(changed.map((c) => [c, previous[c]])) });
      toast.error(textOf('notifications')('preferences.saveFailed'), {
        description: error instanceof Error ? error.message : undefined,
      });
    },
  });

  const change = (row: PreferenceRow, channel: Column, on: boolean) =>
    save.mutate({ next: { ...row, [channel]: on }, previous: row });

  return (
    <DiagnosticsSection id="preferences" title={t('preferences.title')} lead={t('preferences.lead')}>
      {preferences.isPending ? (
        <div role="status" aria-label={t('inbox.loading')} className="grid gap-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : preferences.isError ? (
        <p className="text-sm text-muted-fg">
          {t('preferences.failed')}{' '}
          <button
            type="button"
            onClick={() => void preferences.refetch()}
            className="font-semibold text-brand-700 underline dark:text-brand-500"
          >
            {t('inbox.tryAgain')}
          </button>
        </p>
      ) : (
        <div className="-mx-2 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t('preferences.caption')}</caption>
            <thead>
              <tr className="border-b border-border text-xs font-semibold uppercase tracking-wider text-muted-fg">
                <th scope="col" className="px-2 py-2 font-semibold">
                  {t('preferences.notifyAbout')}
                </th>
                {COLUMNS.map((channel) => (
                  <th key={channel} scope="col" className="w-16 px-1 py-2 text-center font-semibold sm:w-24">
                    {t(`channels.${channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const label = t(`kinds.${row.kind}.label`);
                const hint = t(`kinds.${row.kind}.hint`);
                const sms = isSmsKind(row.kind);
                return (
                  <tr key={row.kind} className="border-b border-border last:border-b-0">
                    <th scope="row" className="px-2 py-3 align-middle font-normal">
                      <span className="block font-semibold text-fg">{label}</span>
                      <span className="mt-0.5 hidden text-xs text-muted-fg sm:block">{hint}</span>
                      {sms && (
                        <span className="mt-0.5 hidden text-xs text-muted-fg sm:block">
                          {t('preferences.smsOnly', { event: t(`smsEvents.${row.kind}`) })}
                        </span>
                      )}
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <td key={channel} className="px-1 py-3 text-center align-middle">
                        <Toggle
                          checked={row[channel]}
                          label={`${label}: ${t(`channels.${channel}`)}`}
                          onChange={(on) => change(row, channel, on)}
                        />
                      </td>
                    ))}
                    <td className="px-1 py-3 text-center align-middle">
                      {sms ? (
                        <Toggle
                          checked={row.sms === true}
                          label={`${label}: ${t('channels.sms')}`}
                          disabled={!phoneVerified}
                          describedBy={phoneVerified ? undefined : smsHintId}
                          onChange={(on) => change(row, 'sms', on)}
                        />
                      ) : (
                        <span className="text-muted-fg">
                          <span aria-hidden="true">–</span>
                          <span className="sr-only">{t('preferences.smsNotOffered')}</span>
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {!phoneVerified && (
            <p id={smsHintId} className="mt-3 px-2 text-xs text-muted-fg">
              {t('preferences.smsNeedsPhone')}
            </p>
          )}
        </div>
      )}
    </DiagnosticsSection>
  );
}
