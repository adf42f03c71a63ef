// Entry file of features/auth: other features import auth only from here (scripts/check-deps.mjs).

export type { SessionStatus } from './auth-provider.tsx';
export { useOptionalSession, useSession, useWhenSessionKnown } from './auth-provider.tsx';
export { PasswordInput } from './components/password-input.tsx';
export { TotpCodeInput, totpCodeSchema } from './forms/two-factor-form.tsx';
export { ONBOARDING_WELCOME_PATH, SigningOutScreen } from './guards.tsx';
export { useJoinAsProvider } from './use-join-as-provider.ts';
