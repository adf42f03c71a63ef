import { z } from 'zod';
import { EVENT_TYPES, SEVERITIES } from '../constants.ts';
import {
  emailField,
  optionalSafeText,
  PHONE_PATTERN,
  safeText,
  sessionIdField,
  utmFields,
} from './common.ts';

export const waitlistJoinSchema = z.strictObject({
  email: emailField,
  /** Which of the two landing forms was used. */
  form: z.enum(['hero', 'bottom']).default('hero'),
  /** The hero form's "I'm just exploring" checkbox. */
  exploring: z.boolean().default(false),
  ...utmFields,
});
export type WaitlistJoinInput = z.input<typeof waitlistJoinSchema>;

export const waitlistJoinResponse = z.object({
  status: z.enum(['joined', 'already_subscribed']),
  title: z.string(),
  message: z.string(),
});
export type WaitlistJoinResponse = z.infer<typeof waitlistJoinResponse>;

export const PAGE_PATH_MAX = 2048;

export const trackEventSchema = z.strictObject({
  event_type: z.enum(EVENT_TYPES),
  event_data: z.record(z.string(), z.unknown()).optional(),
  page_path: z.string().max(PAGE_PATH_MAX).startsWith('/'),
  session_id: sessionIdField,
  ...utmFields,
});
export type TrackEventInput = z.input<typeof trackEventSchema>;

export const TEAM_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;

export const enterpriseLeadSchema = z.strictObject({
  name: safeText({ minLength: 2, maxLength: 120 }),
  company: safeText({ minLength: 2, maxLength: 160 }),
  email: emailField,
  phone: optionalSafeText({ maxLength: 20, pattern: PHONE_PATTERN }),
  team_size: z.enum(TEAM_SIZES, { error: 'Please choose a team size' }),
  needs: safeText({ minLength: 10, maxLength: 5000 }),
});
export type EnterpriseLeadInput = z.input<typeof enterpriseLeadSchema>;

export const frontendErrorSchema = z.strictObject({
  error_type: z.string().min(1).max(100),
  message: z.string().min(1).max(5000),
  stack: z.string().max(20000).nullish(),
  component_name: z.string().max(200).nullish(),
  route_path: z.string().max(PAGE_PATH_MAX).nullish(),
  user_agent: z.string().max(1000).nullish(),
  /** Accepted for older clients and ignored: the server takes the user from the session. */
  user_id: z.string().max(100).nullish(),
  session_id: sessionIdField,
  additional_context: z.record(z.string(), z.unknown()).nullish(),
  severity: z.enum(SEVERITIES),
});
export type FrontendErrorInput = z.input<typeof frontendErrorSchema>;
