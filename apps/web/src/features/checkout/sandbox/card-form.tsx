import { type SandboxPay, sandboxPaySchema } from '@adwuma/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import type { PayOutcome } from './mobile-money-form.tsx';
import { formatCardNumber, formatExpiry, SANDBOX_TEXT } from './sandbox-text.ts';

/** A test card in the sandbox: number, expiry and CVC, checked as the server checks them. */
export function CardForm({
  amount,
  busy,
  fieldErrors,
  onPay,
}: {
  amount: string;
  busy: boolean;
  fieldErrors: Record<string, string>;
  onPay: (body: SandboxPay) => Promise<PayOutcome>;
}) {
  const uid = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...fieldErrors, ...local };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sandboxPaySchema.safeParse({
      method: 'card',
      number: number.replace(/\s/g, ''),
      expiry,
      cvc,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'number');
        next[field] ??= issue.message;
      }
      setLocal(next);
      return;
    }
    setLocal({});
    await onPay(parsed.data);
  }

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field
        id={`${uid}-number`}
        label={SANDBOX_TEXT.cardNumber}
        hint={SANDBOX_TEXT.cardHint}
        error={errors.number}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={number}
            onChange={(event) => setNumber(formatCardNumber(event.target.value))}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${uid}-expiry`} label={SANDBOX_TEXT.expiry} error={errors.expiry}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="12/30"
              value={expiry}
              onChange={(event) => setExpiry(formatExpiry(event.target.value))}
            />
          )}
        </Field>
        <Field id={`${uid}-cvc`} label={SANDBOX_TEXT.cvc} error={errors.cvc}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={cvc}
              onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
            />
          )}
        </Field>
      </div>
      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {SANDBOX_TEXT.pay(amount)}
      </Button>
    </form>
  );
}
