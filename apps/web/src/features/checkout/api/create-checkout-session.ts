import { CHECKOUT_MESSAGES, type CheckoutAnswer, type CheckoutRequest } from '@adwuma/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api, UNEXPECTED_MESSAGE } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { pageNavigation } from '../page-navigation.ts';

export const CHECKOUT_SESSION_PATH = '/api/create-checkout-session';

export type CheckoutBody = Pick<CheckoutRequest, 'tier' | 'cadence' | 'currency'> &
  Partial<Pick<CheckoutRequest, 'method' | 'return_to'>>;

/** POST /api/create-checkout-session (spec 7, extended with cadence and currency). */
export function createCheckoutSession(body: CheckoutBody): Promise<Partial<CheckoutAnswer> | undefined> {
  return api<Partial<CheckoutAnswer> | undefined>(CHECKOUT_SESSION_PATH, { method: 'POST', json: body });
}

/** Spec 8 "Checkout": 401 → 'Authentication required'; otherwise the server's own message. */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === 401 ? CHECKOUT_MESSAGES.authRequired : error.message;
  }
  return UNEXPECTED_MESSAGE;
}

function showCheckoutError(message: string) {
  toast.error(CHECKOUT_MESSAGES.errorTitle, { description: message });
}

/**
 * Starts a checkout and follows its URL (spec 2, 7, 8): `running` names what is processing (the plan
 * button shows 'Processing...' meanwhile); failures are the spec's toast 'Error' with the message.
 * After a successful start the page is leaving, so the button stays busy, until the browser brings
 * the page back from its cache (Back from the gateway).
 */
export function useStartCheckout() {
  const { mutateAsync } = useMutation({ mutationFn: createCheckoutSession });
  const [running, setRunning] = useState<string | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setRunning(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = useCallback(
    async (body: CheckoutBody, key: string = body.tier) => {
      if (busy.current) return;
      busy.current = true;
      setRunning(key);
      const stop = (message: string) => {
        busy.current = false;
        setRunning(null);
        showCheckoutError(message);
      };
      try {
        const answer = await mutateAsync(body);
        if (!answer || typeof answer.url !== 'string' || !answer.url) {
          stop(CHECKOUT_MESSAGES.noUrl);
          return;
        }
        pageNavigation.assign(answer.url);
      } catch (error) {
        stop(checkoutErrorMessage(error));
      }
    },
    [mutateAsync],
  );

  return { start, running };
}
