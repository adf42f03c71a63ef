import { type ComponentProps, lazy, Suspense } from 'react';

const dialogs = () => import('./booking-dialogs.tsx');
const Reschedule = lazy(() => dialogs().then((m) => ({ default: m.RescheduleDialog })));
const Cancel = lazy(() => dialogs().then((m) => ({ default: m.CancelDialog })));
const Dispute = lazy(() => dialogs().then((m) => ({ default: m.DisputeDialog })));

/**
 * The booking dialogs (booking-dialogs.tsx), downloaded when one is opened: they validate with the
 * shared zod schemas, which a booking page's first download then leaves out (issue 20). The dialog
 * shows once its chunk is in; nothing stands in meanwhile.
 */
export function RescheduleDialog(props: ComponentProps<typeof Reschedule>) {
  return (
    <Suspense fallback={null}>
      <Reschedule {...props} />
    </Suspense>
  );
}

export function CancelDialog(props: ComponentProps<typeof Cancel>) {
  return (
    <Suspense fallback={null}>
      <Cancel {...props} />
    </Suspense>
  );
}

export function DisputeDialog(props: ComponentProps<typeof Dispute>) {
  return (
    <Suspense fallback={null}>
      <Dispute {...props} />
    </Suspense>
  );
}
