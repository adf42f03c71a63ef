import { MessageCircle } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { DeviceSection } from './device-section.tsx';
import { useNotificationsText } from './i18n.ts';
import { LiveConnectionSection } from './live-connection-section.tsx';
import { PhoneSection } from './phone-section.tsx';
import { PreferencesSection } from './preferences-section.tsx';
import { TestSendSection } from './test-send-section.tsx';

/** /notifications/diagnostics (issue 9): preferences, this device's push, the live connection, tests. */
export function NotificationsDiagnosticsPage() {
  const { t } = useNotificationsText();
  useDocumentTitle(t('page.docTitle'));
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-700 dark:text-brand-500">{t('page.eyebrow')}</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{t('page.title')}</h1>
          <p className="mt-2 text-muted-fg">{t('page.lead')}</p>
        </div>
        <ButtonLink to={ROUTES.messaging} variant="outline" size="sm" className="self-start sm:self-auto">
          <MessageCircle aria-hidden="true" className="h-4 w-4" /> {t('page.messages')}
        </ButtonLink>
      </header>
      <div className="mt-8 grid gap-6">
        <PhoneSection />
        <PreferencesSection />
        <DeviceSection />
        <LiveConnectionSection />
        <TestSendSection />
      </div>
    </div>
  );
}
