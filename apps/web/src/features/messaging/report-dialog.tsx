import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason } from '@adwuma/shared';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Textarea } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { useReport } from './api/messaging-api.ts';
import { messagingText, useMessagingText } from './i18n.ts';

/** Report the other member of a conversation: a reason and optional details for the admins. */
export function ReportDialog({
  userId,
  name,
  conversationId,
  onClose,
}: {
  userId: string;
  name: string;
  conversationId: string;
  onClose: () => void;
}) {
  const uid = useId();
  const { t } = useMessagingText();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (!reason) {
      setProblem(t('report.chooseReason'));
      return;
    }
    setProblem(null);
    report.mutate(
      { user_id: userId, conversation_id: conversationId, reason, details: details.trim() },
      {
        onSuccess: () => {
          toast.success(messagingText()('report.thanks'));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog title={t('report.title', { name })} description={t('report.description')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="grid gap-4"
      >
        <fieldset aria-describedby={problem ? `${uid}-problem` : undefined}>
          <legend className="text-sm font-semibold">{t('report.reason')}</legend>
          <div className="mt-2 grid gap-1">
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className="flex min-h-10 cursor-pointer items-center gap-3 rounded-xl px-2 text-sm hover:bg-muted has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-800/25"
              >
                <input
                  type="radio"
                  name={`${uid}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setProblem(null);
                  }}
                  className="h-4 w-4 accent-brand-600"
                />
                {t(`report.reasons.${r}`)}
              </label>
            ))}
          </div>
          {problem && (
            <p id={`${uid}-problem`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
              {problem}
            </p>
          )}
        </fieldset>
        <Field
          id={`${uid}-details`}
          label={t('report.details')}
          optional
          hint={t('report.detailsHint', { n: details.length, max: REPORT_DETAILS_MAX })}
        >
          {(control) => (
            <Textarea
              {...control}
              value={details}
              maxLength={REPORT_DETAILS_MAX}
              onChange={(event) => setDetails(event.target.value)}
              className="min-h-24"
            />
          )}
        </Field>
        {report.isError && (
          <Alert tone="danger" role="alert">
            {report.error.message}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={report.isPending}>
            {t('report.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
