import { Building2, Clock, HelpCircle, Mail, MapPin, MessageCircle, Phone, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { CONTACT } from '../../components/site/nav.ts';
import { AppLink } from '../../components/ui/button-link.tsx';
import { PageHeader, Section } from '../../components/ui/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';

const HOURS = [
  { days: 'Monday to Friday', time: '8:00 – 18:00' },
  { days: 'Saturday', time: '9:00 – 14:00' },
  { days: 'Sunday and public holidays', time: 'Closed (email answered next working day)' },
] as const;

function ContactCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-2xl border border-border bg-card p-5 shadow-sm">
      <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
        {icon}
      </span>
      <h2 className="mt-4 font-semibold">{title}</h2>
      <p className="mt-1 flex-1 text-sm text-muted-fg">{text}</p>
      <div className="mt-4 break-words font-semibold text-brand-700 dark:text-brand-500">{action}</div>
    </li>
  );
}

export function ContactPage() {
  useDocumentTitle('Contact us');
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Talk to a real person"
        lead="Our support team is in Accra. Call, WhatsApp or email us about an account, a job, a payout or anything else."
      />
      <Section>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <ContactCard
            icon={<MessageCircle aria-hidden="true" className="h-5 w-5" />}
            title="WhatsApp"
            text="The quickest way to reach us during opening hours. Send a message any time."
            action={
              <a
                href={CONTACT.whatsappHref}
                target="_blank"
                rel="noopener noreferrer"
                className="hover:underline"
              >
                Chat on WhatsApp
              </a>
            }
          />
          <ContactCard
            icon={<Phone aria-hidden="true" className="h-5 w-5" />}
            title="Phone"
            text="Speak to the support team in English or Twi."
            action={
              <a href={CONTACT.phoneHref} className="hover:underline">
                {CONTACT.phone}
              </a>
            }
          />
          <ContactCard
            icon={<Mail aria-hidden="true" className="h-5 w-5" />}
            title="Email"
            text="For anything that needs screenshots or documents. We reply within one working day."
            action={
              <a href={`mailto:${CONTACT.email}`} className="hover:underline">
                {CONTACT.email}
              </a>
            }
          />
          <ContactCard
            icon={<MapPin aria-hidden="true" className="h-5 w-5" />}
            title="Office"
            text="Visits by appointment: call or WhatsApp us first so the right person is there."
            action={<address className="not-italic">{CONTACT.address}</address>}
          />
        </ul>
      </Section>

      <Section className="pt-0 sm:pt-0">
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="rounded-2xl border border-border bg-card p-6 shadow-sm">
            <h2 className="flex items-center gap-2 text-lg font-bold">
              <Clock aria-hidden="true" className="h-5 w-5 text-brand-600 dark:text-brand-500" /> Opening
              hours
            </h2>
            <p className="mt-1 text-sm text-muted-fg">Ghana time (GMT).</p>
            <dl className="mt-4 divide-y divide-border text-sm">
              {HOURS.map((h) => (
                <div
                  key={h.days}
                  className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between sm:gap-4"
                >
                  <dt className="font-medium">{h.days}</dt>
                  <dd className="text-muted-fg sm:text-right">{h.time}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="rounded-2xl border border-border bg-card p-6 shadow-sm">
            <h2 className="text-lg font-bold">Get to the right place faster</h2>
            <ul className="mt-4 space-y-4 text-sm">
              <li className="flex gap-3">
                <HelpCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
                <span>
                  <AppLink to={ROUTES.help} className="font-semibold underline">
                    Help centre
                  </AppLink>
                  <span className="block text-muted-fg">
                    Answers on bookings, payments, verification and payouts, any time of day.
                  </span>
                </span>
              </li>
              <li className="flex gap-3">
                <Building2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
                <span>
                  <AppLink to={ROUTES.enterpriseInquiry} className="font-semibold underline">
                    Enterprise inquiries
                  </AppLink>
                  <span className="block text-muted-fg">
                    For companies with many sites or a team of providers.
                  </span>
                </span>
              </li>
              <li className="flex gap-3">
                <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-leaf-600" />
                <span>
                  <a href="mailto:privacy@adwuma.com.gh" className="font-semibold underline">
                    privacy@adwuma.com.gh
                  </a>
                  <span className="block text-muted-fg">
                    Requests about your personal data under the Data Protection Act, 2012 (Act 843).
                  </span>
                </span>
              </li>
            </ul>
            <p className="mt-6 rounded-xl bg-muted/70 p-3 text-xs text-muted-fg">
              Adwuma staff will never ask for your password or a mobile money PIN. If someone does, do not
              share it and tell us.
            </p>
          </div>
        </div>
      </Section>
    </>
  );
}
