import {
  formatGhanaPhone,
  GHANA_PHONE_MESSAGE,
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
  normalizeGhanaPhone,
  SANDBOX_MESSAGES,
  type SandboxPay,
} from '@adwuma/shared';
import { Smartphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { SANDBOX_TEXT } from './sandbox-text.ts';

export type PayOutcome = { ok: boolean; fields: Record<string, string> };

/**
 * Mobile money in the sandbox: the payer picks a network and number, "sends" the prompt, and answers
 * it here as they would on their phone: a 4-digit PIN to approve, or decline.
 */
export function MobileMoneyForm({
  amount,
  busy,
  fieldErrors,
  onPay,
}: {
  /** "GH₵ 150.00" */
  amount: string;
  busy: boolean;
  fieldErrors: Record<string, string>;
  onPay: (body: SandboxPay) => Promise<PayOutcome>;
}) {
  const uid = useId();
  const [network, setNetwork] = useState<MobileMoneyNetwork>('mtn');
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [step, setStep] = useState<'details' | 'prompt'>('details');
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...fieldErrors, ...local };
  const normalized = normalizeGhanaPhone(phone);
  const networkName = MOBILE_MONEY_NETWORKS.find((n) => n.id === network)?.name ?? '';

  function sendPrompt(event: FormEvent) {
    event.preventDefault();
    if (!normalized) {
      setLocal({ phone: GHANA_PHONE_MESSAGE });
      return;
    }
    setLocal({});
    setPin('');
    setStep('prompt');
  }

  async function answer(decision: 'approve' | 'decline') {
    if (!normalized) return;
    if (decision === 'approve' && !/^\d{4}$/.test(pin)) {
      setLocal({ pin: SANDBOX_MESSAGES.pinInvalid });
      return;
    }
    setLocal({});
    const outcome = await onPay({
      method: 'mobile_money',
      network,
      phone: normalized,
      decision,
      ...(decision === 'approve' ? { pin } : {}),
    });
    // A wrong PIN is answered on the prompt; anything else (declined, a bad number) goes back.
    if (!outcome.ok && !outcome.fields.pin) {
      setPin('');
      setStep('details');
    }
  }

  if (step === 'prompt') {
    const titleId = `${uid}-prompt`;
    return (
      <section
        aria-labelledby={titleId}
        className="rounded-3xl border-4 border-stone-800 bg-stone-900 p-5 text-white shadow-lg dark:border-stone-600"
      >
        <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-amber-300">
          <Smartphone aria-hidden="true" className="h-4 w-4" />
          {SANDBOX_TEXT.promptSentTo(networkName, normalized ? formatGhanaPhone(normalized) : phone)}
        </p>
        <h2 id={titleId} className="mt-3 text-xl font-bold">
          {SANDBOX_TEXT.promptFor(amount)}
        </h2>
        <form
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void answer('approve');
          }}
        >
          <div className="[&_[role=alert]]:text-red-300 [&_label]:text-white [&_p:not([role=alert])]:text-stone-300">
            <Field id={`${uid}-pin`} label={SANDBOX_TEXT.pin} hint={SANDBOX_TEXT.pinHint} error={errors.pin}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  autoComplete="off"
                  maxLength={4}
                  value={pin}
                  onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 4))}
                  className="text-center text-2xl tracking-[0.5em]"
                />
              )}
            </Field>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Button variant="inverseOutline" size="lg" disabled={busy} onClick={() => void answer('decline')}>
              {SANDBOX_TEXT.decline}
            </Button>
            <Button type="submit" variant="secondary" size="lg" busy={busy}>
              {SANDBOX_TEXT.approve}
            </Button>
          </div>
          <button
            type="button"
            className="min-h-11 w-full text-sm font-semibold text-stone-300 underline underline-offset-4 hover:text-white"
            disabled={busy}
            onClick={() => setStep('details')}
          >
            {SANDBOX_TEXT.changeNumber}
          </button>
        </form>
      </section>
    );
  }

  return (
    <form className="space-y-4" onSubmit={sendPrompt} noValidate>
      <Field id={`${uid}-network`} label={SANDBOX_TEXT.network} error={errors.network}>
        {(control) => (
          <Select
            {...control}
            value={network}
            onChange={(event) => setNetwork(event.target.value as MobileMoneyNetwork)}
          >
            {MOBILE_MONEY_NETWORKS.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        id={`${uid}-phone`}
        label={SANDBOX_TEXT.phone}
        hint={SANDBOX_TEXT.phoneHint}
        error={errors.phone}
      >
        {(control) => (
          <Input
            {...control}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="024 123 4567"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {SANDBOX_TEXT.sendPrompt}
      </Button>
    </form>
  );
}
