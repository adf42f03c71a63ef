import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useAuthText } from './i18n.ts';

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
  const { t } = useAuthText();
  return (
    <Dialog
      title={t('joinProvider.title')}
      description={t('joinProvider.body')}
      onClose={() => (busy ? undefined : onCancel())}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          {t('joinProvider.cancel')}
        </Button>
        <Button busy={busy} onClick={onStart}>
          {t('joinProvider.start')}
        </Button>
      </div>
    </Dialog>
  );
}
