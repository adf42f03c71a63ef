import { SANDBOX_CARDS } from '@adwuma/shared';

/** "4242 4242 4242 4242": a card number as it is printed. */
export function groupDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** What the payer types in the card-number box, kept to digits in groups of four (at most 19). */
export function formatCardNumber(value: string): string {
  return groupDigits(value.replace(/\D/g, '').slice(0, 19));
}

/** "1228" → "12/28" as the payer types the expiry. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const SANDBOX_TEXT = {
  title: 'Test checkout',
  merchant: 'Adwuma',
  payTo: 'Pay Adwuma',
  payWith: 'Pay with',
  methods: { mobile_money: 'Mobile money', card: 'Card' },
  network: 'Network',
  phone: 'Mobile money number',
  phoneHint: 'In test mode no prompt reaches a real phone: you approve or decline it on this page.',
  sendPrompt: 'Send prompt',
  promptFor: (amount: string) => `Approve ${amount} to Adwuma?`,
  promptSentTo: (network: string, phone: string) => `${network} prompt on ${phone}`,
  pin: 'PIN',
  pinHint: 'Any 4 digits in test mode.',
  approve: 'Approve',
  decline: 'Decline',
  changeNumber: 'Change number',
  cardNumber: 'Card number',
  cardHint: `Test cards: ${groupDigits(SANDBOX_CARDS.approve)} is approved, ${groupDigits(SANDBOX_CARDS.decline)} is declined. Any future date and any CVC.`,
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  pay: (amount: string) => `Pay ${amount}`,
  cancel: 'Cancel and return to Adwuma',
  backToSubscription: 'Go to subscription',
  loading: 'Opening the test checkout…',
  tryAnother: 'Try again, or use another card or number.',
} as const;
