import {
  formatMoney,
  type PaymentMethod,
  SANDBOX_MESSAGES,
  type SandboxCheckout,
  type SandboxPay,
} from '@adwuma/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleSlash } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, fieldErrors as fieldErrorsOf, UNEXPECTED_MESSAGE } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { cancelSandbox, paySandbox, sandboxCheckoutQuery } from './api/sandbox-checkout.ts';
import { pageNavigation } from './page-navigation.ts';
import { CardForm } from './sandbox/card-form.tsx';
import { MobileMoneyForm, type PayOutcome } from './sandbox/mobile-money-form.tsx';
import { SANDBOX_TEXT } from './sandbox/sandbox-text.ts';
import { TestModeBand } from './sandbox/test-mode-band.tsx';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="pb-10">
      <TestModeBand />
      {children}
    </div>
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : UNEXPECTED_MESSAGE);

function OpenCheckout({
  reference,
  checkout,
  onClosed,
}: {
  reference: string;
  checkout: SandboxCheckout;
  onClosed: () => void;
}) {
  const [method, setMethod] = useState<PaymentMethod>(checkout.methods[0] ?? 'card');
  const [notice, setNotice] = useState<string | null>(checkout.failure_reason);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [leaving, setLeaving] = useState(false);
  const pay = useMutation({ mutationFn: (body: SandboxPay) => paySandbox(reference, body) });
  const cancel = useMutation({ mutationFn: () => cancelSandbox(reference) });
  const amount = formatMoney(checkout.amount_minor, checkout.currency);
  const busy = pay.isPending || cancel.isPending || leaving;

  const leave = (to: string) => {
    setLeaving(true);
    pageNavigation.assign(to);
  };

  async function submit(body: SandboxPay): Promise<PayOutcome> {
    setNotice(null);
    setFields({});
    try {
      const answer = await pay.mutateAsync(body);
      if (answer.status === 'succeeded') {
        leave(answer.redirect);
        return { ok: true, fields: {} };
      }
      setNotice(`${answer.message} ${SANDBOX_TEXT.tryAnother}`);
      return { ok: false, fields: {} };
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (Object.keys(byField).length > 0) setFields(byField);
      else setNotice(messageOf(error));
      // Closed meanwhile (paid in another tab, cancelled): show that instead of the form.
      if (error instanceof ApiError && error.status === 409) onClosed();
      return { ok: false, fields: byField };
    }
  }

  async function leaveCheckout() {
    setNotice(null);
    try {
      const answer = await cancel.mutateAsync();
      leave(answer.redirect);
    } catch (error) {
      setNotice(messageOf(error));
    }
  }

  const chooseMethod = (next: PaymentMethod) => {
    setMethod(next);
    setNotice(null);
    setFields({});
  };

  return (
    <section aria-labelledby="sandbox-title" className="mx-auto w-full max-w-md space-y-5 px-4 pt-6">
      <div className="rounded-2xl border border-border bg-card p-5 shadow-sm">
        <p className="text-sm font-semibold text-muted-fg">{SANDBOX_TEXT.payTo}</p>
        <h1 id="sandbox-title" className="mt-1 text-3xl font-extrabold tracking-tight">
          {amount}
        </h1>
        <p className="mt-2 font-medium">{checkout.description}</p>
        <p className="mt-0.5 text-sm text-muted-fg [overflow-wrap:anywhere]">{checkout.email}</p>
      </div>

      {checkout.methods.length > 1 && (
        <SegmentedControl
          legend={SANDBOX_TEXT.payWith}
          className="flex w-full"
          options={checkout.methods.map((m) => ({ value: m, label: SANDBOX_TEXT.methods[m] }))}
          value={method}
          onChange={chooseMethod}
        />
      )}

      {notice && (
        <Alert tone="danger" role="alert">
          {notice}
        </Alert>
      )}

      <div className="rounded-2xl border border-border bg-card p-5 shadow-sm">
        <h2 className="mb-4 text-lg font-bold">{SANDBOX_TEXT.methods[method]}</h2>
        {method === 'mobile_money' ? (
          <MobileMoneyForm amount={amount} busy={busy} fieldErrors={fields} onPay={submit} />
        ) : (
          <CardForm amount={amount} busy={busy} fieldErrors={fields} onPay={submit} />
        )}
      </div>

      <Button
        variant="ghost"
        size="lg"
        className="w-full"
        busy={cancel.isPending}
        disabled={busy}
        onClick={() => void leaveCheckout()}
      >
        {SANDBOX_TEXT.cancel}
      </Button>
    </section>
  );
}

/**
 * /pay/test/:reference: the sandbox gateway's hosted checkout (issue 17), in the app, TEST MODE on
 * every screen. The payer approves a mobile-money prompt with a PIN, or pays with a test card; the
 * sandbox then tells Adwuma through a signed webhook and sends the payer back.
 */
export function SandboxCheckoutPage() {
  useDocumentTitle(`${SANDBOX_MESSAGES.testMode} · ${SANDBOX_TEXT.title}`);
  const { reference = '' } = useParams();
  const query = useQuery(sandboxCheckoutQuery(reference));

  if (query.isPending) {
    return (
      <Frame>
        <ScreenShell role="status" icon={<Spinner className="h-7 w-7" />} title={SANDBOX_TEXT.loading} />
      </Frame>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Frame>
        {notFound ? (
          <ScreenShell
            role="alert"
            icon={<CircleSlash aria-hidden="true" className="h-7 w-7" />}
            title={query.error.message}
            actions={<ButtonLink to={ROUTES.subscription}>{SANDBOX_TEXT.backToSubscription}</ButtonLink>}
          />
        ) : (
          <ErrorScreen
            detail={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )}
      </Frame>
    );
  }
  const checkout = query.data;
  if (checkout.status !== 'pending') {
    return (
      <Frame>
        <ScreenShell
          role="status"
          icon={<CircleSlash aria-hidden="true" className="h-7 w-7" />}
          title={SANDBOX_MESSAGES.notOpen}
          actions={<ButtonLink to={ROUTES.subscription}>{SANDBOX_TEXT.backToSubscription}</ButtonLink>}
        />
      </Frame>
    );
  }
  return (
    <Frame>
      <OpenCheckout reference={reference} checkout={checkout} onClosed={() => void query.refetch()} />
    </Frame>
  );
}
