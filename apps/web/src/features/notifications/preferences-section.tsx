import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  type NotificationChannel,
  type NotificationPreferences,
} from '@adwuma/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../lib/toast.ts';
import {
  completePreferences,
  type PreferenceRow,
  preferenceKeys,
  preferencesQuery,
  savePreferences,
} from './api/preferences.ts';
import { DiagnosticsSection } from './diagnostics-section.tsx';

export const PREFERENCES_TEXT = {
  title: 'Preferences',
  lead: 'Choose how Adwuma tells you about each kind of update.',
  saveFailed: 'Your notification settings could not be saved',
  failed: 'Your notification settings could not be loaded.',
} as const;

function Toggle({
  checked,
  label,
  onChange,
}: {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="relative inline-flex cursor-pointer items-center justify-center p-1">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        aria-label={label}
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
      const changed = NOTIFICATION_CHANNELS.filter((c) => next[c] !== previous[c]);
      if (current) putRow({ ...current, ...Object.fromEntries(changed.map((c) => [c, previous[c]])) });
      toast.error(PREFERENCES_TEXT.saveFailed, {
        description: error instanceof Error ? error.message : undefined,
      });
    },
  });

  const change = (row: PreferenceRow, channel: NotificationChannel, on: boolean) =>
    save.mutate({ next: { ...row, [channel]: on }, previous: row });

  return (
    <DiagnosticsSection id="preferences" title={PREFERENCES_TEXT.title} lead={PREFERENCES_TEXT.lead}>
      {preferences.isPending ? (
        <div role="status" aria-label="Loading" className="grid gap-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : preferences.isError ? (
        <p className="text-sm text-muted-fg">
          {PREFERENCES_TEXT.failed}{' '}
          <button
            type="button"
            onClick={() => void preferences.refetch()}
            className="font-semibold text-brand-700 underline dark:text-brand-500"
          >
            Try again
          </button>
        </p>
      ) : (
        <div className="-mx-2 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Notification preferences</caption>
            <thead>
              <tr className="border-b border-border text-xs font-semibold uppercase tracking-wider text-muted-fg">
                <th scope="col" className="px-2 py-2 font-semibold">
                  Notify me about
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th key={channel} scope="col" className="w-16 px-1 py-2 text-center font-semibold sm:w-24">
                    {NOTIFICATION_CHANNEL_LABELS[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const { label, hint } = NOTIFICATION_KIND_LABELS[row.kind];
                return (
                  <tr key={row.kind} className="border-b border-border last:border-b-0">
                    <th scope="row" className="px-2 py-3 align-middle font-normal">
                      <span className="block font-semibold text-fg">{label}</span>
                      <span className="mt-0.5 hidden text-xs text-muted-fg sm:block">{hint}</span>
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <td key={channel} className="px-1 py-3 text-center align-middle">
                        <Toggle
                          checked={row[channel]}
                          label={`${label}: ${NOTIFICATION_CHANNEL_LABELS[channel]}`}
                          onChange={(on) => change(row, channel, on)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </DiagnosticsSection>
  );
}
