import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  /** E.164, e.g. +233241234567. */
  to: string;
  body: string;
}

/** Where SMS go: the dev outbox (stored only) or Africa's Talking. Throws when the gateway refuses. */
export interface SmsGateway {
  /** 'none': no SMS on this server (production without Africa's Talking): every send fails. */
  name: 'outbox' | 'africastalking' | 'none';
  send(message: SmsMessage): Promise<{ providerMessageId: string | null }>;
}

export interface SmsConfig {
  provider: 'outbox' | 'africastalking' | 'none';
  africastalking: {
    username: string;
    apiKey: string;
    senderId: string | undefined;
    /** AFRICASTALKING_API_URL without a trailing slash: a compatible gateway or a test double. */
    apiUrl: string | undefined;
  } | null;
}

/**
 * Issue 29: sign-in and verification codes sent per hour, by all numbers together and by the
 * numbers of one network prefix (SMS_HOURLY_BUDGET, SMS_HOURLY_BUDGET_PER_PREFIX). A spent budget
 * refuses codes until its hour ends and alerts the operators once (features/auth/phone-auth.ts).
 */
export interface SmsBudget {
  hourly: number;
  hourlyPerPrefix: number;
}

export const DEFAULT_SMS_BUDGET: SmsBudget = { hourly: 500, hourlyPerPrefix: 200 };

/** The gateway refused the message (or could not be reached): kept as the outbox row's error. */
export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/**
 * The dev outbox: the SMS is only stored (sendSms records every SMS in sms_outbox) and, in
 * development, printed to the log so the code can be read. Never used in production unless
 * SMS_OUTBOX_IN_PRODUCTION=true.
 */
export function createOutboxGateway(options: { log: FastifyBaseLogger; env: string }): SmsGateway {
  return {
    name: 'outbox',
    async send(message) {
      if (options.env === 'development') {
        options.log.info({ to: message.to, body: message.body }, 'SMS stored in the dev outbox');
      } else {
        options.log.debug({ to: message.to }, 'SMS stored in the dev outbox');
      }
      return { providerMessageId: null };
    },
  };
}

interface AtRecipient {
  status?: string;
  statusCode?: number;
  messageId?: string;
  number?: string;
}

interface AtSdk {
  SMS: { send(params: { to: string; message: string; from?: string }): Promise<unknown> };
}

const require = createRequire(import.meta.url);

/** Africa's Talking through its official SDK (username "sandbox" = its sandbox). */
export function createAfricasTalkingGateway(options: NonNullable<SmsConfig['africastalking']>): SmsGateway {
  const AfricasTalking = require('africastalking') as (o: { apiKey: string; username: string }) => AtSdk;
  const common = require('africastalking/lib/common') as { SMS_URL: string };
  const sdk = AfricasTalking({ apiKey: options.apiKey, username: options.username });
  // The SDK's URLs are fixed (and reset when a sandbox client is made): point them before each send.
  const smsUrl = options.apiUrl ? `${options.apiUrl}/version1/messaging` : undefined;
  const defaultUrl = common.SMS_URL;
  return {
    name: 'africastalking',
    async send(message) {
      common.SMS_URL = smsUrl ?? defaultUrl;
      let answer: unknown;
      try {
        answer = await sdk.SMS.send({
          to: message.to,
          message: message.body,
          ...(options.senderId ? { from: options.senderId } : {}),
        });
      } catch (error) {
        throw new SmsSendError(describeFailure(error));
      }
      const data = (answer as { SMSMessageData?: { Message?: string; Recipients?: AtRecipient[] } })
        ?.SMSMessageData;
      const recipient = data?.Recipients?.[0];
      if (!recipient)
        throw new SmsSendError(`Africa's Talking sent nothing: ${data?.Message ?? 'no recipient'}`);
      const ok =
        recipient.status === 'Success' || recipient.statusCode === 100 || recipient.statusCode === 101;
      if (!ok) {
        throw new SmsSendError(
          `Africa's Talking refused the SMS: ${recipient.status ?? 'unknown status'}${
            recipient.statusCode ? ` (${recipient.statusCode})` : ''
          }`,
        );
      }
      return { providerMessageId: recipient.messageId ?? null };
    },
  };
}

function describeFailure(error: unknown): string {
  const response = (error as { response?: { status?: number; data?: unknown } })?.response;
  if (response?.status) {
    const body = typeof response.data === 'string' ? response.data : JSON.stringify(response.data ?? '');
    return `Africa's Talking answered HTTP ${response.status}: ${body.slice(0, 200)}`;
  }
  if (error instanceof Error) return `Africa's Talking: ${error.message.slice(0, 200)}`;
  // A 2xx that is not 201: the SDK rejects with the body.
  return `Africa's Talking: ${JSON.stringify(error ?? null).slice(0, 200)}`;
}

export function createSmsGateway(
  config: SmsConfig,
  options: { log: FastifyBaseLogger; env: string },
): SmsGateway {
  if (config.provider === 'africastalking' && config.africastalking) {
    return createAfricasTalkingGateway(config.africastalking);
  }
  if (config.provider === 'none') {
    options.log.warn(
      'SMS are off: set SMS_PROVIDER=africastalking (sign-in by SMS code and SMS notices need it)',
    );
    return {
      name: 'none',
      async send() {
        throw new SmsSendError('SMS are off on this server (SMS_PROVIDER is not africastalking)');
      },
    };
  }
  return createOutboxGateway(options);
}
