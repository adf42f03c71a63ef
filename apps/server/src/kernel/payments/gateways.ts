import type { Currency, PaymentGatewayId } from '@adwuma/shared';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentGateway } from './gateway.ts';
import { createPaystackGateway } from './paystack.ts';
import { createSandboxGateway, type SandboxGateway, type WebhookDelivery } from './sandbox.ts';
import { createStripeGateway } from './stripe.ts';

/**
 * The gateways of this server (decision 013): USD through Stripe when its keys are set, GHS through
 * Paystack when its key is set; a currency without keys goes through the TEST MODE sandbox when the
 * sandbox is allowed (by default outside production; PAYMENTS_SANDBOX=true in production), and is
 * not for sale otherwise.
 */
export interface PaymentGateways {
  /** The gateway that sells in this currency; null when none is configured. */
  forCurrency(currency: Currency): PaymentGateway | null;
  /** A gateway by id (webhooks, reconciliation); null when not configured here. */
  byId(id: PaymentGatewayId): PaymentGateway | null;
  /** The embedded test gateway when it is on. */
  sandbox: SandboxGateway | null;
  all(): PaymentGateway[];
}

export function createPaymentGateways(
  config: AppConfig,
  options: { database: Database; secret: string; deliver: WebhookDelivery },
): PaymentGateways {
  const stripe = config.payments.stripe
    ? createStripeGateway(config.payments.stripe, config.publicUrl)
    : null;
  const paystack = config.payments.paystack ? createPaystackGateway(config.payments.paystack) : null;
  const sandbox = config.payments.sandbox
    ? createSandboxGateway({
        database: options.database,
        secret: options.secret,
        publicUrl: config.publicUrl,
        deliver: options.deliver,
      })
    : null;
  const byCurrency: Record<Currency, PaymentGateway | null> = {
    USD: stripe ?? sandbox,
    GHS: paystack ?? sandbox,
  };
  const all = [stripe, paystack, sandbox].filter((g): g is NonNullable<typeof g> => g !== null);
  return {
    forCurrency: (currency) => byCurrency[currency],
    byId: (id) => all.find((g) => g.id === id) ?? null,
    sandbox,
    all: () => all,
  };
}
