// Entry file of features/auth: other features import auth only from here (scripts/check-deps.mjs).

export { verifyPhoneCode } from './api/phone.ts';
export type { SessionStatus } from './auth-provider.tsx';
export { useOptionalSession, useSession, useWhenSessionKnown } from './auth-provider.tsx';
export { PasswordInput } from './components/password-input.tsx';
export {
  codeOf,
  e164Of,
  PhoneCodeStep,
  PhoneNumberField,
  serverMessage,
  usePhoneCodeSender,
} from './forms/phone-code.tsx';
export { TotpCodeInput, totpCodeSchema } from './forms/two-factor-form.tsx';
export { ONBOARDING_WELCOME_PATH, SigningOutScreen } from './guards.tsx';
export { useAuthText } from './i18n.ts';
export { useJoinAsProvider } from './use-join-as-provider.ts';
