import { FileText } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, type ButtonSize, type ButtonVariant, buttonClasses } from '../../components/ui/button.tsx';
import { authPath } from '../../lib/routes.ts';
import { currentPath } from '../../lib/session.ts';
import { useSession, useWhenSessionKnown } from '../auth/index.ts';
import type { QuoteFormService } from './quote-request-form.tsx';

import { useRequestQuoteText } from './request-quote-text.ts';

export { SENT_REQUESTS_PATH, useRequestQuoteText } from './request-quote-text.ts';

// The form (react-hook-form and zod) is downloaded when the dialog is opened, not with the provider's
// public profile (issue 20).
const RequestQuoteDialog = lazy(() => import('./request-quote-dialog.tsx'));

/**
 * "Request a quote" on a provider's profile: for one service (`serviceId`) or choosing among them.
 * Signed out it leads to sign-in and back; on one's own profile it is not shown.
 */
export function RequestQuoteButton({
  provider,
  services,
  serviceId,
  label: givenLabel,
  accessibleLabel,
  variant = 'outline',
  size = 'md',
  className = '',
}: {
  provider: { id: string; name: string };
  services: QuoteFormService[];
  serviceId?: string;
  label?: string;
  /** What a screen reader hears when the visible label is not enough (one button per service). */
  accessibleLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const { status, user } = useSession();
  const REQUEST_QUOTE_TEXT = useRequestQuoteText();
  const label = givenLabel ?? REQUEST_QUOTE_TEXT.button;
  const location = useLocation();
  const navigate = useNavigate();
  const whenSessionKnown = useWhenSessionKnown();
  const [open, setOpen] = useState(false);
  if (services.length === 0 || user?.id === provider.id) return null;
  const content = (
    <>
      <FileText aria-hidden="true" className="h-4 w-4" />
      {label}
    </>
  );
  if (status !== 'signed_in') {
    const signInPath = authPath({ returnTo: currentPath(location) });
    return (
      <Link
        to={signInPath}
        onClick={(event) =>
          whenSessionKnown(event, (signedIn) => (signedIn ? setOpen(true) : navigate(signInPath)))
        }
        aria-label={accessibleLabel}
        className={buttonClasses({ variant, size, className })}
      >
        {content}
      </Link>
    );
  }
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-label={accessibleLabel}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {content}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RequestQuoteDialog
            provider={provider}
            services={services}
            serviceId={serviceId}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
