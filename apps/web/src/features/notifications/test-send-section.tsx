import { NOTIFICATION_CHANNELS, type NotificationChannel, type TestNotificationAnswer } from '@adwuma/shared';
import { CheckCircle2, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { sendTestNotification } from './api/test-notification.ts';
import { DiagnosticsSection } from './diagnostics-section.tsx';
import { useNotificationsText } from './i18n.ts';

type Outcome = { status: 'sending' } | { status: 'done'; answer: TestNotificationAnswer };

/** Sends a test notice through each channel and says what the server did. */
export function TestSendSection() {
  const { t } = useNotificationsText();
  const [outcomes, setOutcomes] = useState<Partial<Record<NotificationChannel, Outcome>>>({});

  const send = async (channel: NotificationChannel) => {
    setOutcomes((o) => ({ ...o, [channel]: { status: 'sending' } }));
    let answer: TestNotificationAnswer;
    try {
      answer = await sendTestNotification(channel);
    } catch (error) {
      answer = {
        channel,
        ok: false,
        detail: error instanceof Error ? error.message : t('inbox.tryAgainLater'),
      };
    }
    setOutcomes((o) => ({ ...o, [channel]: { status: 'done', answer } }));
  };

  return (
    <DiagnosticsSection id="test" title={t('test.title')} lead={t('test.lead')}>
      <ul className="grid gap-3">
        {NOTIFICATION_CHANNELS.map((channel) => {
          const outcome = outcomes[channel];
          return (
            <li
              key={channel}
              className="flex flex-col items-start gap-2 rounded-xl border border-border p-3 sm:flex-row sm:items-center sm:gap-3"
            >
              <Button
                variant="outline"
                size="sm"
                className="w-28 shrink-0 sm:w-32"
                busy={outcome?.status === 'sending'}
                onClick={() => void send(channel)}
                aria-label={t('test.button', { channel: t(`channels.${channel}`) })}
              >
                <Send aria-hidden="true" className="h-4 w-4" />
                {t(`test.${channel}`)}
              </Button>
              <p aria-live="polite" className="w-full min-w-0 flex-1 text-sm">
                {outcome?.status === 'done' ? (
                  <span className="flex items-start gap-2">
                    {outcome.answer.ok ? (
                      <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-leaf-600" />
                    ) : (
                      <XCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-danger" />
                    )}
                    <span className="min-w-0 wrap-anywhere">
                      <span className="font-semibold text-fg">
                        {outcome.answer.ok ? t('test.sent') : t('test.notSent')}
                      </span>
                      <span className="text-muted-fg"> · {outcome.answer.detail}</span>
                    </span>
                  </span>
                ) : outcome?.status === 'sending' ? (
                  <span className="text-muted-fg">{t('test.sending')}</span>
                ) : (
                  <span className="text-muted-fg">{t('test.notTried')}</span>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </DiagnosticsSection>
  );
}
