import type { ConversationContextType } from '@adwuma/shared';
import { MessageSquareText } from 'lucide-react';
import type { ButtonSize, ButtonVariant } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { messagePath } from './links.ts';

/** "Message <someone>": opens /messaging, which starts (or finds) the conversation. */
export function MessageLink({
  userId,
  context,
  label,
  accessibleName,
  variant = 'outline',
  size = 'sm',
  className,
}: {
  userId: string;
  context?: { type: ConversationContextType; id: string };
  label: string;
  /** When the visible label is not enough (e.g. several "Message" buttons on one page). */
  accessibleName?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <ButtonLink
      to={messagePath(userId, context)}
      variant={variant}
      size={size}
      className={className}
      aria-label={accessibleName}
    >
      <MessageSquareText aria-hidden="true" className="h-4 w-4" />
      {label}
    </ButtonLink>
  );
}
