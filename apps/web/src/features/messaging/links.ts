import type { ConversationContextType } from '@adwuma/shared';
import { buildPath, ROUTES } from '../../lib/routes.ts';

/** What a context chip says before the server names it (only the type is known until sent). */
export const CONTEXT_LABELS: Record<ConversationContextType, string> = {
  job: 'About this job',
  bid: 'About this bid',
  quote: 'About this quote request',
  booking: 'About this booking',
};

/** /messaging?to=<userId>&context=<type>:<id>: starts (or finds) the conversation, then opens it. */
export function messagePath(userId: string, context?: { type: ConversationContextType; id: string }): string {
  return buildPath(ROUTES.messaging, undefined, {
    to: userId,
    context: context ? `${context.type}:${context.id}` : undefined,
  });
}

/** /messaging?c=<conversationId>: one open thread. */
export function conversationLink(conversationId: string): string {
  return buildPath(ROUTES.messaging, undefined, { c: conversationId });
}
