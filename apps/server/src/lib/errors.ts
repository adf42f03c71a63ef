import { apiErrorSchema, type ErrorCode } from '@adwuma/shared';

/** A failure the client caused or may act on; services throw it, the error handler shapes it. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'FORBIDDEN', message);
export const conflict = (message: string, details?: unknown) =>
  new AppError(409, 'CONFLICT', message, details);

/** Postgres unique violation (spec 7: duplicate code 23505). Works for pg and PGlite errors. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors; the code sits on the cause.
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The response schemas of a route's error statuses, e.g. `errorResponses(400, 401, 404)`: every
 * error answers the one error body.
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

/** A 400 naming one field, in the error body the validation errors use. */
export const fieldError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', `${field}: ${message}`, { fields: [{ field, message }] });
