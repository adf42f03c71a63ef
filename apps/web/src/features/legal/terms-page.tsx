import { TIERS } from '@adwuma/shared';
import { CONTACT } from '../../components/site/nav.ts';
import { AppLink } from '../../components/ui/button-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { LEGAL_UPDATED, LegalDocument, type LegalSection } from './legal-document.tsx';

const commissionList = TIERS.map((t) => `${t.name} ${t.commission}%`).join(', ');

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <p>
        These terms are an agreement between you and Adwuma for the use of the Adwuma website and app. By
        creating an account or using the marketplace you accept them. If you do not agree, please do not use
        Adwuma.
      </p>
    ),
  },
  {
    id: 'what-adwuma-is',
    title: 'What Adwuma does',
    body: (
      <p>
        Adwuma is a marketplace. We help customers find service providers and help providers find work; we
        handle messages, bookings and payments between them. The service itself (the haircut, the repair, the
        lesson) is agreed between customer and provider, and the provider is responsible for doing it well.
        Providers are independent: they are not our employees or agents.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>You must be at least 18 and give true, current information.</li>
        <li>Keep your password to yourself; you are responsible for what is done from your account.</li>
        <li>One person, one account. A business with a team can ask us about an enterprise account.</li>
        <li>Tell us at once if you think someone else is using your account.</li>
      </ul>
    ),
  },
  {
    id: 'providers',
    title: 'Rules for providers',
    body: (
      <ul>
        <li>Complete onboarding and verify your identity with your Ghana Card before offering services.</li>
        <li>Describe your skills, prices and availability honestly, and keep them up to date.</li>
        <li>Hold any licence or permit your trade requires, and follow safety rules.</li>
        <li>Turn up as agreed, do the work with care, and tell the customer early if plans change.</li>
        <li>Keep payments for jobs found on Adwuma on Adwuma.</li>
      </ul>
    ),
  },
  {
    id: 'customers',
    title: 'Rules for customers',
    body: (
      <ul>
        <li>Describe the job accurately, including anything that affects safety or price.</li>
        <li>Give the provider safe access and the time agreed.</li>
        <li>Pay the agreed amount through Adwuma and confirm the job when it is done.</li>
      </ul>
    ),
  },
  {
    id: 'fees',
    title: 'Fees, plans and payouts',
    body: (
      <>
        <p>
          Searching, posting jobs and hiring are free for customers. Providers pay a commission on each
          completed job, set by their plan ({commissionList}). Pro and Premium are subscriptions paid monthly
          or yearly, in cedis or in US dollars; Enterprise terms are agreed in writing. See{' '}
          <AppLink to={ROUTES.pricing}>Pricing</AppLink>.
        </p>
        <p>
          Plans can be changed at any time and the change takes effect immediately. There is no setup fee.
          Paid plans come with a 30-day money-back guarantee. Payouts are made after the payout delay of your
          plan, counted from the day the customer confirms the job is done.
        </p>
      </>
    ),
  },
  {
    id: 'cancellations',
    title: 'Cancellations and disputes',
    body: (
      <p>
        If a job is cancelled or not done as agreed, either side can open a dispute from the job page. Our
        team looks at the messages, photos and payment record, may ask both sides for more information, and
        decides how any payment held on the platform is released or refunded. We aim to resolve disputes
        within 10 working days.
      </p>
    ),
  },
  {
    id: 'reviews',
    title: 'Reviews and content',
    body: (
      <p>
        Reviews must be honest and about a real job. You keep ownership of what you post, and give Adwuma
        permission to show it on the marketplace. We remove content that is false, abusive, discriminatory,
        illegal or that shares someone else’s personal data.
      </p>
    ),
  },
  {
    id: 'prohibited',
    title: 'What is not allowed',
    body: (
      <ul>
        <li>Fraud, fake accounts or fake reviews.</li>
        <li>Harassment, threats or discrimination of any kind.</li>
        <li>Offering illegal services or goods.</li>
        <li>Scraping the site, interfering with it or trying to get around its security.</li>
      </ul>
    ),
  },
  {
    id: 'suspension',
    title: 'Suspension and closing your account',
    body: (
      <p>
        You can close your account at any time. We may suspend or close an account that breaks these terms,
        puts other people at risk or is required to be closed by law. Where we can, we tell you why and give
        you a chance to respond.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    body: (
      <p>
        We work hard to keep Adwuma available and the people on it trustworthy, but we cannot guarantee the
        work of any provider. To the extent the law allows, our liability for any claim is limited to the fees
        you paid Adwuma in the three months before it. Nothing in these terms limits rights you have under the
        laws of Ghana that cannot be excluded.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the Republic of Ghana. We will always try to settle a
        disagreement with you directly first; if we cannot, the courts of Ghana decide.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms; we will give you notice of important changes before they apply. Questions?
        Email <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> or call{' '}
        <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>. How we handle your data is explained in our{' '}
        <AppLink to={ROUTES.privacy}>privacy notice</AppLink>.
      </p>
    ),
  },
];

export function TermsPage() {
  useDocumentTitle('Terms of service');
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Terms of service"
      updated={LEGAL_UPDATED}
      lead="The rules for customers and service providers using Adwuma, written to be read."
      sections={SECTIONS}
    />
  );
}
