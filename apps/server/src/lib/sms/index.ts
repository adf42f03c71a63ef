// SMS: the gateway (dev outbox or Africa's Talking) and sendSms, which records every SMS.
export {
  createAfricasTalkingGateway,
  createOutboxGateway,
  createSmsGateway,
  DEFAULT_SMS_BUDGET,
  type SmsBudget,
  type SmsConfig,
  type SmsGateway,
  type SmsMessage,
  SmsSendError,
} from './gateway.ts';
export { type SmsRecord, sendSms } from './send-sms.ts';
