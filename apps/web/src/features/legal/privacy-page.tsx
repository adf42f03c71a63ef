import { CONTACT } from '../../components/site/nav.ts';
import { AppLink } from '../../components/ui/button-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import { LEGAL_UPDATED, LegalDocument, type LegalSection } from './legal-document.tsx';

export const PRIVACY_EMAIL = 'privacy@adwuma.com.gh';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          Adwuma (“we”, “us”) runs the Adwuma marketplace, which connects customers with service providers in
          Ghana. We decide how and why your personal data is used, so we are its data controller under the
          Data Protection Act, 2012 (Act 843).
        </p>
        <p>
          Our office is at {CONTACT.address}. You can reach the person responsible for data protection at{' '}
          <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, phone number, password (stored only as
            a secure hash) and whether you use Adwuma as a customer or a provider.
          </li>
          <li>
            <strong>Profile details you choose to add:</strong> photo, bio, services, prices, availability and
            the areas you serve.
          </li>
          <li>
            <strong>Location:</strong> the address or map point you give us, and your device’s location only
            when you allow it.
          </li>
          <li>
            <strong>Identity verification (providers):</strong> photos of the front and back of your Ghana
            Card and a selfie.
          </li>
          <li>
            <strong>Activity:</strong> jobs, quotes, bookings, messages, reviews and disputes.
          </li>
          <li>
            <strong>Payments:</strong> plan, amounts and payout details. Card numbers are handled by our
            payment provider; we never see or store them.
          </li>
          <li>
            <strong>Enquiries:</strong> what you send through the waitlist, contact or enterprise forms.
          </li>
          <li>
            <strong>Technical data:</strong> pages viewed, the campaign that brought you (UTM tags), a random
            visit identifier, your browser type, and error reports when something breaks.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it, and why we may',
    body: (
      <>
        <p>Act 843 lets us process personal data only for a lawful reason. Ours are:</p>
        <ul>
          <li>
            <strong>To provide the service you asked for</strong> (our contract with you): creating your
            account, showing your profile, matching jobs, messaging, bookings, payments and payouts.
          </li>
          <li>
            <strong>To keep the marketplace safe</strong> (our legitimate interest and legal duties):
            verifying providers, preventing fraud, resolving disputes and keeping records the law requires.
          </li>
          <li>
            <strong>To improve Adwuma</strong> (our legitimate interest): understanding which pages help and
            fixing errors. We look at this in aggregate, not to profile you.
          </li>
          <li>
            <strong>To send you news and offers</strong> (your consent): only if you joined the waitlist or
            opted in. Every message has a way to unsubscribe.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <ul>
          <li>
            <strong>Other users, as needed for a job:</strong> customers see a provider’s public profile; once
            a job is agreed, each side sees what they need to do it (name, contact details, location). Your
            phone number is shown only if you choose to.
          </li>
          <li>
            <strong>Service providers who work for us:</strong> hosting, email delivery, payment processing
            and maps, bound by contract to protect your data and use it only on our instructions.
          </li>
          <li>
            <strong>Authorities:</strong> when the law requires it, or to protect someone’s safety.
          </li>
        </ul>
        <p>We do not sell your personal data.</p>
      </>
    ),
  },
  {
    id: 'storage',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>We keep a few small items in your browser. None are used for advertising:</p>
        <ul>
          <li>a sign-in cookie, so you stay signed in;</li>
          <li>your theme choice (light, dark or system);</li>
          <li>the campaign tags (UTM) of the link that brought you, so we know which campaigns work;</li>
          <li>a random visit identifier that links page views and error reports from the same browser.</li>
        </ul>
        <p>Clearing your browser’s site data removes them.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account and profile data: while your account is open, and up to 12 months after you close it.</li>
        <li>
          Identity documents: until verification is decided, then up to 12 months to handle appeals and fraud
          checks.
        </li>
        <li>Payment and payout records: six years, as Ghanaian tax law requires.</li>
        <li>Page-view and error data: up to 24 months.</li>
        <li>Waitlist and enquiry details: until you unsubscribe or your enquiry is closed.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Data travels over encrypted connections, passwords are hashed, identity documents are kept in private
        storage reachable only through short-lived links, and staff access is limited to those who need it. If
        a breach puts your data at risk, we will tell you and the Data Protection Commission without delay.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'Data outside Ghana',
    body: (
      <p>
        Some of our service providers (for example hosting, email or card payments) may store data outside
        Ghana. When they do, we make sure the data is protected to the standard Act 843 requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under Act 843 you may:</p>
        <ul>
          <li>ask for a copy of the personal data we hold about you;</li>
          <li>ask us to correct data that is wrong or out of date;</li>
          <li>ask us to delete data we no longer have a reason to keep;</li>
          <li>object to processing, including direct marketing, at any time;</li>
          <li>withdraw consent you have given, without affecting what was done before.</li>
        </ul>
        <p>
          Email <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> and we will reply within 21 days. If
          you are not satisfied, you can complain to the Data Protection Commission of Ghana.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Adwuma is for people aged 18 and over. Parents who book tutoring or other services for their children
        do so from their own account.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this notice',
    body: (
      <p>
        When we change this notice we update the date at the top, and for important changes we tell you by
        email or in the app before they apply. Questions? See our{' '}
        <AppLink to={ROUTES.contact}>contact page</AppLink>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  useDocumentTitle('Privacy notice');
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Privacy notice"
      updated={LEGAL_UPDATED}
      lead="What personal data Adwuma collects, why, who sees it, and the rights the Data Protection Act, 2012 (Act 843) gives you."
      sections={SECTIONS}
    />
  );
}
