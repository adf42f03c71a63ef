import { CHECKOUT_MESSAGES } from '@adwuma/shared';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { checkoutErrorMessage, pageNavigation } from '../checkout/index.ts';

/** What went wrong, in the checkout's words (a 401 is 'Authentication required'). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || !(error instanceof Error)) return checkoutErrorMessage(error);
  return error.message;
}

/** The spec's checkout failure: an "Error" toast with the reason. */
export function toastError(error: unknown): void {
  toast.error(CHECKOUT_MESSAGES.errorTitle, { description: errorMessage(error) });
}

/**
 * Runs a call that answers a payment page's address (renewal pay link, card portal, upgrade) and
 * goes there. The running key stays set once the browser is leaving, so the button keeps saying
 * "Processing..." until the page is gone.
 */
export function useLeaveFor() {
  const [running, setRunning] = useState<string | null>(null);
  const run = async (key: string, call: () => Promise<{ url?: string }>) => {
    if (running) return;
    setRunning(key);
    try {
      const { url } = await call();
      if (!url) throw new Error(CHECKOUT_MESSAGES.noUrl);
      pageNavigation.assign(url);
    } catch (error) {
      toastError(error);
      setRunning(null);
    }
  };
  return { running, run };
}
