import { PROVIDER_SETUP_TEXT } from '@adwuma/shared';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

/** "Also offer services?": what Join as Provider asks a signed-in person first (issue 22). */
export default function JoinAsProviderDialog({
  busy,
  onStart,
  onCancel,
}: {
  busy: boolean;
  onStart: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      title={PROVIDER_SETUP_TEXT.dialogTitle}
      description={PROVIDER_SETUP_TEXT.dialogBody}
      onClose={() => (busy ? undefined : onCancel())}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          {PROVIDER_SETUP_TEXT.cancel}
        </Button>
        <Button busy={busy} onClick={onStart}>
          {PROVIDER_SETUP_TEXT.start}
        </Button>
      </div>
    </Dialog>
  );
}
