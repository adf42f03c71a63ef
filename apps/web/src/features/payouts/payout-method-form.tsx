import {
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
  PAYOUT_METHOD_TYPES,
  type PayoutSettings,
} from '@adwuma/shared';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, PhoneInput, Select } from '../../components/ui/field.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { type PayoutLookupAnswer, useLookupAccount } from './api/payout-settings.ts';
import { Confirm } from './payout-confirm.tsx';
import {
  type Draft,
  type DraftProblems,
  EMPTY_DRAFT,
  FIELD_OF,
  lookupBody,
  PAYOUTS_TEXT as T,
} from './payouts-text.ts';

/** Mobile money (network + number) or bank (bank + account number) → look up the name → save. */
export function PayoutMethodForm({ settings, onSaved }: { settings: PayoutSettings; onSaved: () => void }) {
  const id = useId();
  const lookup = useLookupAccount();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [found, setFound] = useState<PayoutLookupAnswer | null>(null);
  const edit = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblems({});
    lookup.reset();
  };

  if (found) {
    return (
      <Confirm
        draft={draft}
        banks={settings.banks}
        found={found}
        onBack={() => setFound(null)}
        onSaved={onSaved}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = lookupBody(draft);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    lookup.mutate(checked.body, {
      onSuccess: setFound,
      onError: (error) => {
        const byField: DraftProblems = {};
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          const mine = FIELD_OF[field];
          if (mine) byField[draft.type === 'bank' && mine === 'number' ? 'account' : mine] = message;
        }
        setProblems(byField);
      },
    });
  };
  const fieldShown = Object.keys(problems).length > 0;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <SegmentedControl
        legend={T.type}
        className="flex w-full sm:w-auto sm:justify-self-start"
        value={draft.type}
        onChange={(type) => edit({ type })}
        options={PAYOUT_METHOD_TYPES.map((t) => ({ value: t, label: T.types[t] }))}
      />
      {draft.type === 'mobile_money' ? (
        <>
          <Field id={`${id}-network`} label={T.network} error={problems.network}>
            {(control) => (
              <Select
                {...control}
                value={draft.network}
                onChange={(e) => edit({ network: e.target.value as MobileMoneyNetwork })}
              >
                {MOBILE_MONEY_NETWORKS.map((n) => (
                  <option key={n.id} value={n.id}>
                    {n.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`${id}-number`} label={T.momoNumber} hint={T.momoHint} error={problems.number}>
            {(control) => (
              <PhoneInput
                {...control}
                placeholder="024 123 4567"
                value={draft.number}
                onChange={(e) => edit({ number: e.target.value })}
              />
            )}
          </Field>
        </>
      ) : settings.banks.length === 0 ? (
        <Alert>{T.noBanks}</Alert>
      ) : (
        <>
          <Field id={`${id}-bank`} label={T.bank} error={problems.bankCode}>
            {(control) => (
              <Select
                {...control}
                value={draft.bankCode}
                onChange={(e) => edit({ bankCode: e.target.value })}
              >
                <option value="">{T.chooseBank}</option>
                {settings.banks.map((b) => (
                  <option key={b.code} value={b.code}>
                    {b.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`${id}-account`} label={T.accountNumber} error={problems.account}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                value={draft.account}
                onChange={(e) => edit({ account: e.target.value })}
              />
            )}
          </Field>
        </>
      )}
      {lookup.isError && !fieldShown && (
        <Alert tone="danger" role="alert">
          {lookup.error.message}
        </Alert>
      )}
      {settings.test_mode && <p className="text-xs text-muted-fg">{T.testMode}</p>}
      <Button
        type="submit"
        className="w-full sm:w-auto sm:justify-self-start"
        busy={lookup.isPending}
        disabled={draft.type === 'bank' && settings.banks.length === 0}
      >
        {T.lookUp}
      </Button>
    </form>
  );
}
