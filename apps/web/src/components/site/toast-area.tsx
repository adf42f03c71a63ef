import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { onFirstToast } from '../../lib/toast.ts';
import { useSiteI18n } from './site-i18n.ts';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Spec 2's toast area, without sonner in a page's first download (lib/toast.ts): nothing is rendered
 * until the first toast is raised (on the server and in the first render alike, so a hydrated page
 * matches its HTML); then sonner's Toaster mounts and shows the toasts raised before it.
 */
export function ToastArea(props: ComponentProps<typeof Toaster>) {
  const [wanted, setWanted] = useState(false);
  const { t } = useSiteI18n();
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        containerAriaLabel={t('toasts.region')}
        {...props}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close'), ...props.toastOptions }}
      />
    </Suspense>
  );
}
