import type { ConversationContextType } from '@adwuma/shared';
import { buildPath, ROUTES } from '../../lib/routes.ts';

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
