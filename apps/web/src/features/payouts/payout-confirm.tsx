import { MOMO_NETWORK_NAMES, type PayoutSettings, payoutMethodLabel } from '@adwuma/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../lib/toast.ts';
import { type PayoutLookupAnswer, useSavePayoutMethod } from './api/payout-settings.ts';
import { type Draft, PAYOUTS_TEXT as T } from './payouts-text.ts';

/** The looked-up account holder's name, to confirm before the method is saved (with the lookup's token). */
export function Confirm({
  draft,
  banks,
  found,
  onBack,
  onSaved,
}: {
  draft: Draft;
  banks: PayoutSettings['banks'];
  found: PayoutLookupAnswer;
  onBack: () => void;
  onSaved: () => void;
}) {
  const save = useSavePayoutMethod();
  const name =
    draft.type === 'mobile_money'
      ? MOMO_NETWORK_NAMES[draft.network]
      : (banks.find((b) => b.code === draft.bankCode)?.name ?? T.types.bank);
  return (
    <section aria-labelledby="payout-confirm" className="grid gap-4">
      <h3 id="payout-confirm" className="font-bold">
        {T.confirmTitle}
      </h3>
      <dl className="rounded-xl bg-muted/70 p-4">
        <dt className="text-xs font-semibold uppercase tracking-wide text-muted-fg">{T.accountHolder}</dt>
        <dd className="mt-0.5 text-xl font-extrabold [overflow-wrap:anywhere]">{found.account_name}</dd>
        <dd className="mt-1 text-sm text-muted-fg">{payoutMethodLabel(name, found.account_number)}</dd>
      </dl>
      <p className="text-sm text-muted-fg">{T.confirmHint}</p>
      {save.isError && (
        <Alert tone="danger" role="alert">
          {save.error.message}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="ghost" onClick={onBack} disabled={save.isPending}>
          {T.back}
        </Button>
        <Button
          busy={save.isPending}
          onClick={() =>
            save.mutate(found.confirmation, {
              onSuccess: () => {
                toast.success(T.saved);
                onSaved();
              },
            })
          }
        >
          {T.save}
        </Button>
      </div>
    </section>
  );
}
