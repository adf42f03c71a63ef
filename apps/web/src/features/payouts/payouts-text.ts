import {
  ESCROW_LIMITS,
  type MobileMoneyNetwork,
  momoNumber,
  type PayoutLookupRequest,
  type PayoutMethodType,
  payoutLookupRequestSchema,
} from '@adwuma/shared';

export { formatDay, formatMoment } from '../../lib/money-format.ts';

export const PAYOUTS_TEXT = {
  title: 'Payout settings',
  backToEarnings: 'Earnings',
  lead: 'Where Adwuma sends your earnings: a mobile money wallet or a bank account in your name.',
  current: 'Your payout method',
  changedOn: (day: string) => `Saved on ${day}`,
  resumeOn: (when: string) => `Payouts resume on ${when}`,
  heldWhy: `After a change of payout method, payouts wait ${ESCROW_LIMITS.payoutMethodHoldHours} hours, in case someone else changed it.`,
  change: 'Change payout method',
  cancelChange: 'Keep the current method',
  none: 'No payout method yet',
  formTitle: 'Add a payout method',
  changeTitle: 'New payout method',
  type: 'Payout method',
  types: { mobile_money: 'Mobile money', bank: 'Bank' } satisfies Record<PayoutMethodType, string>,
  network: 'Network',
  momoNumber: 'Mobile money number',
  momoHint: 'The number of the wallet, registered in your name.',
  bank: 'Your bank',
  chooseBank: 'Choose a bank',
  noBanks: 'Bank payouts are not available right now. Use mobile money.',
  accountNumber: 'Account number',
  lookUp: 'Look up account',
  confirmTitle: 'Is this your account?',
  accountHolder: 'Account holder',
  confirmHint: `Saving holds payouts for ${ESCROW_LIMITS.payoutMethodHoldHours} hours, and we email you about the change.`,
  save: 'Save payout method',
  back: 'Change details',
  saved: 'Payout method saved.',
  testMode:
    'Test mode: no real money moves. An account number ending in 0000 is not found; one ending in 9999 makes payouts fail.',
  providersOnly: 'Payouts are for service providers',
} as const;

export interface Draft {
  type: PayoutMethodType;
  network: MobileMoneyNetwork;
  number: string;
  bankCode: string;
  account: string;
}

export const EMPTY_DRAFT: Draft = {
  type: 'mobile_money',
  network: 'mtn',
  number: '',
  bankCode: '',
  account: '',
};

export type DraftProblems = Partial<Record<'network' | 'number' | 'bankCode' | 'account', string>>;

/** The API's field names → the form's. */
export const FIELD_OF: Record<string, keyof DraftProblems> = {
  network: 'network',
  bank_code: 'bankCode',
  account_number: 'number',
};

/**
 * The lookup body of a draft, or what is wrong with it: a mobile money number is checked against the
 * network's prefixes (the shared momoNumber) and sent in its local form; a bank account by the schema.
 */
export function lookupBody(draft: Draft): { body: PayoutLookupRequest } | { problems: DraftProblems } {
  if (draft.type === 'mobile_money') {
    const checked = momoNumber(draft.network, draft.number);
    if (!checked.ok) return { problems: { number: checked.message } };
    return { body: { type: 'mobile_money', network: draft.network, account_number: checked.number } };
  }
  const parsed = payoutLookupRequestSchema.safeParse({
    type: 'bank',
    bank_code: draft.bankCode,
    account_number: draft.account.replace(/[\s-]/g, ''),
  });
  if (parsed.success) return { body: parsed.data };
  const problems: DraftProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'bank_code' ? 'bankCode' : 'account';
    problems[field] ??= issue.message;
  }
  return { problems };
}
