import { BadgePercent, Building2, FileText, Headset, Timer, Users } from 'lucide-react';
import { CONTACT } from '../../components/site/nav.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { EnterpriseForm } from './enterprise-form.tsx';

const BENEFITS = [
  { icon: BadgePercent, title: '2% commission', text: 'The lowest rate on Adwuma, agreed per contract.' },
  {
    icon: Timer,
    title: 'Payouts on your schedule',
    text: 'Weekly, fortnightly or monthly, to bank or mobile money.',
  },
  { icon: Users, title: 'Team accounts', text: 'Add your staff, share jobs and see who is working where.' },
  { icon: FileText, title: 'Invoicing', text: 'Monthly invoices with your TIN, ready for your accountant.' },
  { icon: Headset, title: 'A named account manager', text: 'One person in Accra who knows your business.' },
] as const;

const WHO = [
  'Cleaning and facility management companies',
  'Hotels, guest houses and serviced apartments',
  'Estates and property managers',
  'Schools, clinics and offices with several sites',
  'Salons and workshops with more than one branch',
] as const;

export function EnterpriseInquiryPage() {
  useDocumentTitle('Enterprise inquiry');
  return (
    <>
      <PageHeader
        eyebrow="Adwuma Enterprise"
        title="Services for your whole organisation"
        lead="Whether you send out twenty cleaners a day or maintain buildings across three regions, we set Adwuma up around the way your team works."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[1fr_1.3fr]">
        <div className="order-2 lg:order-1">
          <h2 className="text-xl font-bold">What you get</h2>
          <ul className="mt-4 space-y-4">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
                  <Icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-sm text-muted-fg">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <h2 className="mt-10 text-xl font-bold">Who it's for</h2>
          <ul className="mt-3 space-y-2 text-muted-fg">
            {WHO.map((who) => (
              <li key={who} className="flex gap-2">
                <Building2 aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-leaf-600" />
                {who}
              </li>
            ))}
          </ul>
          <p className="mt-10 rounded-2xl bg-muted/70 p-4 text-sm text-muted-fg">
            Rather talk first? Call{' '}
            <a className="font-semibold text-fg underline" href={CONTACT.phoneHref}>
              {CONTACT.phone}
            </a>{' '}
            or email{' '}
            <a className="font-semibold text-fg underline" href={`mailto:${CONTACT.email}`}>
              {CONTACT.email}
            </a>
            , Monday to Friday, 8:00 to 18:00.
          </p>
        </div>
        <div className="order-1 lg:order-2">
          <EnterpriseForm />
        </div>
      </div>
    </>
  );
}
