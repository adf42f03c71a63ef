import { type MappedAuthError, mapAuthError } from '@adwuma/shared';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { sayAuthText } from './i18n.ts';

/** Spec 8 "Auth message mapping" for any failure of an auth call. */
export function mapError(error: unknown): MappedAuthError {
  if (error instanceof ApiError) return mapAuthError({ code: error.code, message: error.message });
  return mapAuthError(null);
}

/** A failure of the service itself (unreachable, 5xx), as opposed to a refusal of the input. */
export function isServiceFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

/** One toast per message, in the style of its level (error, warning, info). */
export function toastAuthMessage(mapped: MappedAuthError, description?: string): void {
  const show =
    mapped.level === 'warning' ? toast.warning : mapped.level === 'info' ? toast.info : toast.error;
  show(sayAuthText(mapped.message), { id: 'auth-message', description });
}
