import { advanceRequestSchema, ESCROW_MESSAGES, MONEY_MESSAGES, parseMoney } from '@adwuma/shared';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CediInput, Field } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useTakeAdvance } from './api/booking-money.ts';
import { cedis, MATERIALS_TEXT } from './money-text.ts';

/** Why `input` is not an advance the provider may take (up to `capMinor`), or the amount. */
export function advanceAmount(input: string, capMinor: number): { minor: number } | { problem: string } {
  const minor = parseMoney(input);
  if (minor === null) return { problem: MONEY_MESSAGES.invalid };
  const parsed = advanceRequestSchema.safeParse({ amount_minor: minor });
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? MATERIALS_TEXT.aboveZero };
  if (minor > capMinor) return { problem: ESCROW_MESSAGES.advanceTooHigh(capMinor) };
  return { minor };
}

/** Pro and Premium: part of the price upfront for materials, up to the plan's cap. */
export function AdvanceForm({ bookingId, capMinor }: { bookingId: string; capMinor: number }) {
  const id = useId();
  const advance = useTakeAdvance(bookingId);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = advanceAmount(value, capMinor);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    advance.mutate(checked.minor, {
      onSuccess: () => {
        toast.success(MATERIALS_TEXT.advanceSent(cedis(checked.minor)));
        setValue('');
      },
    });
  };
  const serverField = fieldErrors(advance.error).amount_minor;

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <h3 className="font-bold">{MATERIALS_TEXT.advanceTitle}</h3>
      <p className="text-sm text-muted-fg">{MATERIALS_TEXT.advanceLead(cedis(capMinor))}</p>
      <Field id={`${id}-amount`} label={MATERIALS_TEXT.amount} error={problem ?? serverField}>
        {(control) => (
          <CediInput
            {...control}
            value={value}
            placeholder={(capMinor / 100).toFixed(2)}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </Field>
      {advance.isError && !serverField && (
        <Alert tone="danger" role="alert">
          {advance.error.message}
        </Alert>
      )}
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" busy={advance.isPending}>
        {MATERIALS_TEXT.takeAdvance}
      </Button>
    </form>
  );
}
