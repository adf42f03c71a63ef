import { type ApiErrorBody, controlCharacterMessage, type FieldIssue } from '@adwuma/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Deeper JSON than this is refused: no form of ours nests past a handful of levels. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';
export const CONTROL_KEY_MESSAGE = 'Field names cannot contain control characters';
/** At most this many fields are named in one refusal. */
const MAX_ISSUES = 20;

type Where = 'body' | 'query' | 'params';

/** A key as a field path segment: control characters shown escaped so the message stays readable. */
function segment(key: string): string {
  return JSON.stringify(key).slice(1, -1);
}

function join(path: string, key: string): string {
  return path ? `${path}.${segment(key)}` : segment(key);
}

export type InputCheck =
  | { ok: true }
  | { ok: false; tooDeep: true }
  | { ok: false; tooDeep: false; fields: FieldIssue[] };

/**
 * Walks a parsed value without recursion (a 5,000-level body cannot overflow the stack): refuses
 * nesting deeper than MAX_JSON_DEPTH and any string or key holding a control character. Bodies may
 * hold tab, newline and CR (multi-line text); params and query values are single-line.
 */
export function checkInput(value: unknown, where: Where): InputCheck {
  const singleLine = where !== 'body';
  const prefix = where === 'body' ? '' : where;
  const fields: FieldIssue[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: prefix, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const message = controlCharacterMessage(current, { singleLine });
      if (message && fields.length < MAX_ISSUES) fields.push({ field: path || 'body', message });
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { ok: false, tooDeep: true };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i], path: join(path, String(i)), depth: depth + 1 });
      }
      continue;
    }
    // Buffers and other parsed non-JSON bodies are not ours to walk.
    if (Buffer.isBuffer(current)) continue;
    const entries = Object.entries(current as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const field = join(path, key);
      if (controlCharacterMessage(key, { singleLine: true }) && fields.length < MAX_ISSUES) {
        fields.push({ field, message: CONTROL_KEY_MESSAGE });
      }
      stack.push({ value: child, path: field, depth: depth + 1 });
    }
  }
  return fields.length ? { ok: false, tooDeep: false, fields } : { ok: true };
}

function refuse(reply: FastifyReply, body: ApiErrorBody) {
  return reply.status(400).send(body);
}

/**
 * Input that never reaches the database raw (issue 15): every route's path params, query and parsed
 * JSON body (Better Auth's mount included) are checked before validation and the handler, so a NUL
 * byte answers 400 naming the field instead of a 500 from Postgres, and a deeply nested body is
 * refused before anything recurses over it. Multipart text fields are checked by their routes'
 * schemas (the shared text rule).
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
      const fields: FieldIssue[] = [];
      for (const [where, value] of [
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        if (value === undefined || value === null) continue;
        const check = checkInput(value, where);
        if (check.ok) continue;
        if (check.tooDeep) {
          return refuse(reply, { error: { code: 'BAD_REQUEST', message: TOO_DEEP_MESSAGE } });
        }
        fields.push(...check.fields);
      }
      const first = fields[0];
      if (!first) return;
      return refuse(reply, {
        error: {
          code: 'VALIDATION_ERROR',
          message: `${first.field}: ${first.message}`,
          details: { fields: fields.slice(0, MAX_ISSUES) },
        },
      });
    });
  },
  { name: 'input-guard' },
);
