import { isProviderLike, type QuoteRequestInput } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { savedLocationQuery } from '../../lib/onboarding-api.ts';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../auth/index.ts';
import { useCreateQuoteRequest } from './api/create-quote-request.ts';
import {
  type QuoteFormService,
  QuoteRequestForm,
  type QuoteRequestFormValues,
} from './quote-request-form.tsx';
import { SENT_REQUESTS_PATH, useRequestQuoteText } from './request-quote-text.ts';

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

/** The request form in a dialog, then what was sent (loaded by request-quote.tsx when opened). */
export default function RequestQuoteDialog({
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
  const REQUEST_QUOTE_TEXT = useRequestQuoteText();
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
