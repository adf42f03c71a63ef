import { isProviderLike, type QuoteRequestInput } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, FileText } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, type ButtonSize, type ButtonVariant, buttonClasses } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { savedLocationQuery } from '../../lib/onboarding-api.ts';
import { authPath, buildPath, ROUTES } from '../../lib/routes.ts';
import { currentPath } from '../../lib/session.ts';
import { useSession } from '../auth/index.ts';
import { useCreateQuoteRequest } from './api/create-quote-request.ts';
import {
  type QuoteFormService,
  QuoteRequestForm,
  type QuoteRequestFormValues,
} from './quote-request-form.tsx';

export const REQUEST_QUOTE_TEXT = {
  button: 'Request a quote',
  title: (name: string) => `Ask ${name} for a quote`,
  lead: 'Describe the job: the provider answers with a price within 7 days. Nothing is booked until you accept.',
  sentTitle: 'Request sent',
  sent: (name: string) => `Your request was sent to ${name}.`,
  sentText: 'You will get a notice when they answer. Requests without an answer expire after 7 days.',
  view: 'See your requests',
  done: 'Done',
} as const;

export const SENT_REQUESTS_PATH = buildPath(ROUTES.serviceRequests, undefined, { tab: 'sent' });

/**
 * Where the request happens: the person's saved place. Providers have a saved location with an
 * address; everyone may have a city on their profile.
 */
function useSavedPlace(enabled: boolean): { place: { city: string; address: string }; loading: boolean } {
  const { profile, role } = useSession();
  const providerLike = role !== null && isProviderLike(role);
  const saved = useQuery({ ...savedLocationQuery, retry: false, enabled: enabled && providerLike });
  const location = saved.data?.location ?? null;
  return {
    place: { city: location?.city ?? profile?.city ?? '', address: location?.address ?? '' },
    loading: providerLike && saved.isPending && enabled,
  };
}

function RequestQuoteDialog({
  provider,
  services,
  serviceId,
  onClose,
}: {
  provider: { id: string; name: string };
  services: QuoteFormService[];
  serviceId?: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateQuoteRequest();
  const [sent, setSent] = useState(false);
  const { place, loading } = useSavedPlace(true);
  const firstName = provider.name.split(' ')[0] || provider.name;
  const defaults: QuoteRequestFormValues = {
    service_id: serviceId ?? (services.length === 1 ? (services[0]?.id ?? '') : ''),
    details: '',
    preferred_date: '',
    city: place.city,
    address: place.address,
  };

  const submit = (input: QuoteRequestInput) =>
    create.mutate(input, {
      onSuccess: () => {
        setSent(true);
        toast.success(REQUEST_QUOTE_TEXT.sent(provider.name), {
          action: { label: REQUEST_QUOTE_TEXT.view, onClick: () => navigate(SENT_REQUESTS_PATH) },
        });
      },
    });

  if (sent) {
    return (
      <Dialog title={REQUEST_QUOTE_TEXT.sentTitle} onClose={onClose}>
        <div className="flex gap-3">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-leaf-600" />
          <div>
            <p className="font-semibold">{REQUEST_QUOTE_TEXT.sent(provider.name)}</p>
            <p className="mt-1 text-sm text-muted-fg">{REQUEST_QUOTE_TEXT.sentText}</p>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            {REQUEST_QUOTE_TEXT.done}
          </Button>
          <ButtonLink to={SENT_REQUESTS_PATH}>{REQUEST_QUOTE_TEXT.view}</ButtonLink>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      title={REQUEST_QUOTE_TEXT.title(firstName)}
      description={REQUEST_QUOTE_TEXT.lead}
      onClose={onClose}
    >
      {loading ? (
        <div role="status" aria-label="Loading the form" className="grid gap-4">
          <Skeleton className="h-11" />
          <Skeleton className="h-28" />
          <Skeleton className="h-11" />
        </div>
      ) : (
        <QuoteRequestForm
          services={services}
          defaults={defaults}
          busy={create.isPending}
          error={create.error}
          onSubmit={submit}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

/**
 * "Request a quote" on a provider's profile: for one service (`serviceId`) or choosing among them.
 * Signed out it leads to sign-in and back; on one's own profile it is not shown.
 */
export function RequestQuoteButton({
  provider,
  services,
  serviceId,
  label = REQUEST_QUOTE_TEXT.button,
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
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (services.length === 0 || user?.id === provider.id) return null;
  const content = (
    <>
      <FileText aria-hidden="true" className="h-4 w-4" />
      {label}
    </>
  );
  if (status !== 'signed_in') {
    return (
      <Link
        to={authPath({ returnTo: currentPath(location) })}
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
        <RequestQuoteDialog
          provider={provider}
          services={services}
          serviceId={serviceId}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
