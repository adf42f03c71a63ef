// Entry file of features/verification: other features import verification only from here (scripts/check-deps.mjs).
export { useRefreshVerification, useVerification } from './api/get-verification.ts';
export type { GhanaCardFormInput, GhanaCardFormOutput } from './api/submit-verification.ts';
export { ghanaCardFormSchema, submitVerification, tidyGhanaCard } from './api/submit-verification.ts';
export { DOCUMENT_ACCEPT, documentProblem, uploadFailureReason } from './api/upload-document.ts';
export { DocumentSlot, formatBytes } from './document-slot.tsx';
export { ProfileVerification } from './profile-verification.tsx';
export { DisplayedStatusBadge, SESSION_STATUS_LABELS, sessionStatusLabel } from './status-badges.tsx';
export { isSubmitted, VerificationStatusPanel, verificationPhase } from './status-panel.tsx';
