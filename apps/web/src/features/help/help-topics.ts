import { formatBidsPerMonth, PRICING_FAQ, TIERS } from '@adwuma/shared';

export type HelpAudience = 'customers' | 'providers' | 'account';

export type HelpBlock = { p: string } | { ul: readonly string[] } | { h: string } | { ol: readonly string[] };

export interface HelpTopic {
  slug: string;
  audience: HelpAudience;
  title: string;
  summary: string;
  blocks: readonly HelpBlock[];
}

export const AUDIENCES: readonly { id: HelpAudience; title: string; lead: string }[] = [
  { id: 'customers', title: 'For customers', lead: 'Finding, booking and paying for a service.' },
  { id: 'providers', title: 'For providers', lead: 'Onboarding, verification, plans and payouts.' },
  { id: 'account', title: 'Account and privacy', lead: 'Signing in, security and your data.' },
];

const tierLines = TIERS.map(
  (t) =>
    `${t.name} (${t.priceLabel}): ${t.commission}% commission, you keep ${t.earningsShare}%, payout ${t.payoutDelay.toLowerCase()}, ${formatBidsPerMonth(t.bidsPerMonth).toLowerCase()} bids a month.`,
);

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    slug: 'finding-a-provider',
    audience: 'customers',
    title: 'Finding the right provider',
    summary: 'Search by service and area, read reviews and look for the verified badge.',
    blocks: [
      {
        p: 'Start from Find Providers or Browse Services and pick the service you need: braids, plumbing, home lessons, event décor and more than 50 others.',
      },
      { h: 'What to look at on a profile' },
      {
        ul: [
          'The verified badge: the provider has confirmed their identity with their Ghana Card and a selfie.',
          'Reviews and rating: only customers who hired the provider can leave one.',
          'Photos of past work, prices and the areas they cover.',
          'How quickly they usually reply.',
        ],
      },
      { h: 'Tips' },
      {
        ul: [
          'Save providers you like to Favourites so you can compare them later.',
          'Message two or three providers before you decide; good ones ask questions about the job.',
        ],
      },
    ],
  },
  {
    slug: 'quotes-and-booking',
    audience: 'customers',
    title: 'Requesting quotes and booking',
    summary: 'Post a job once and let providers come to you, or message a provider directly.',
    blocks: [
      { p: 'There are two ways to hire on Adwuma.' },
      {
        ol: [
          'Post a job: describe what you need, where and when, and add photos. Providers near you send quotes, and you choose one.',
          'Message a provider: from their profile, ask for a quote for your job.',
        ],
      },
      {
        p: 'Once you accept a quote, agree the date and time in the conversation. The booking then shows in your schedule, with the agreed price.',
      },
      { h: 'Writing a good job description' },
      {
        ul: [
          'Say what needs doing and anything unusual: “kitchen tap leaking under the sink, pipe is old”.',
          'Add the neighbourhood or a landmark, not just the city.',
          'Say whether you or the provider will buy materials.',
        ],
      },
    ],
  },
  {
    slug: 'paying-for-a-job',
    audience: 'customers',
    title: 'Paying for a job',
    summary: 'Pay the agreed price through Adwuma so your money is protected.',
    blocks: [
      {
        p: 'Pay the amount you agreed with the provider through Adwuma. Your payment is recorded against the booking, so if the work is not done as agreed our team can help.',
      },
      { h: 'Materials' },
      {
        p: 'For larger jobs, some providers ask for materials to be paid upfront. The amount is capped by the provider’s plan (40% of the job on Pro, 70% on Premium), and on Starter materials are reimbursed after completion against receipts.',
      },
      { h: 'Confirming the job' },
      {
        p: 'When the work is finished, confirm it in the app. The provider’s payout follows after the delay of their plan.',
      },
      {
        p: 'Never pay a provider outside Adwuma for a job you found here: we cannot help with payments we cannot see.',
      },
    ],
  },
  {
    slug: 'safety-and-verification',
    audience: 'customers',
    title: 'Staying safe',
    summary: 'How verification works, and simple habits for a safe job.',
    blocks: [
      {
        p: 'Every provider is asked to verify their identity with the front and back of their Ghana Card and a selfie. Our team checks them before the verified badge appears.',
      },
      { h: 'Good habits' },
      {
        ul: [
          'Keep conversations and payments in Adwuma, so there is a record.',
          'For work at home, let someone know who is coming and when.',
          'Adwuma staff will never ask for your password or mobile money PIN.',
        ],
      },
      { p: 'If anything feels wrong, report the profile or contact us straight away.' },
    ],
  },
  {
    slug: 'reviews-and-disputes',
    audience: 'customers',
    title: 'Reviews and disputes',
    summary: 'Rate your provider after the job, or open a dispute if something went wrong.',
    blocks: [
      {
        p: 'After a job is confirmed you can rate the provider and write a short review. Be specific and fair: it helps the next customer and the provider.',
      },
      { h: 'When something goes wrong' },
      {
        ol: [
          'Talk to the provider first in the conversation; most problems are solved there.',
          'If you cannot agree, open a dispute from the booking and tell us what happened. Photos help.',
          'Our team reviews the messages and payment record and decides how any payment held on Adwuma is released or refunded, usually within 10 working days.',
        ],
      },
    ],
  },
  {
    slug: 'getting-started',
    audience: 'providers',
    title: 'Getting started as a provider',
    summary: 'The onboarding steps, from profile to your first job.',
    blocks: [
      { p: 'Sign up with Join as Provider. Onboarding takes you through these steps and saves as you go:' },
      {
        ol: [
          'Profile: your full name, phone number, photo and a short bio.',
          'Location: your base on the map and the areas you serve.',
          'Services: your categories and the skills you offer.',
          'Availability: the days and hours you work.',
          'Identity: the front and back of your Ghana Card and a selfie.',
          'Terms: read and accept the provider terms.',
          'Plan: stay on Starter for free, or choose a paid plan.',
        ],
      },
      { p: 'A complete profile with a clear photo and real examples of your work gets many more enquiries.' },
    ],
  },
  {
    slug: 'identity-verification',
    audience: 'providers',
    title: 'Verifying your identity',
    summary: 'Which documents we need, how to photograph them, and how long it takes.',
    blocks: [
      {
        p: 'We ask for three images: the front of your Ghana Card, the back of your Ghana Card, and a selfie.',
      },
      { h: 'Taking good photos' },
      {
        ul: [
          'Lay the card on a dark, flat surface in good light; avoid flash glare.',
          'Keep all four corners in the picture and the writing sharp.',
          'For the selfie, face the camera without a hat or sunglasses.',
        ],
      },
      { h: 'What happens next' },
      {
        p: 'Once you submit, your verification shows as in review. Our team usually decides within two working days. If a photo is not clear we will ask you to upload it again.',
      },
      { p: 'Your documents are kept in private storage and are never shown to customers.' },
    ],
  },
  {
    slug: 'plans-and-commission',
    audience: 'providers',
    title: 'Plans and commission',
    summary: 'What each plan costs, the commission, and how to change plans.',
    blocks: [
      { p: 'Commission is taken only from completed jobs. The plans are:' },
      { ul: tierLines },
      ...PRICING_FAQ.flatMap((item): HelpBlock[] => [{ h: item.q }, { p: item.a }]),
    ],
  },
  {
    slug: 'payouts',
    audience: 'providers',
    title: 'Getting paid',
    summary: 'When payouts arrive and where they go.',
    blocks: [
      {
        p: 'When the customer confirms a job, your earnings (the job price minus your plan’s commission) are scheduled for payout.',
      },
      {
        ul: TIERS.map((t) =>
          t.payoutDelay.toLowerCase().startsWith('custom')
            ? `${t.name}: on the schedule agreed in your contract.`
            : `${t.name}: ${t.payoutDelay} after the customer confirms.`,
        ),
      },
      {
        p: 'Payouts go to the mobile money wallet or bank account in your profile. Make sure the name on the account matches the name on your Ghana Card.',
      },
    ],
  },
  {
    slug: 'bidding-on-jobs',
    audience: 'providers',
    title: 'Bidding on jobs',
    summary: 'How to send quotes that win work, and your monthly bid allowance.',
    blocks: [
      {
        p: 'Customers post jobs with a description, location and photos. You can send a bid with your price and when you can do it.',
      },
      {
        ul: [
          `Starter includes ${formatBidsPerMonth(TIERS[0]?.bidsPerMonth ?? null)} bids a month; Pro, Premium and Enterprise are unlimited.`,
          'Your allowance renews on the first day of each month.',
        ],
      },
      { h: 'Bids that win' },
      {
        ul: [
          'Reply quickly: customers often hire one of the first good answers.',
          'Say what the price includes, and whether materials are extra.',
          'Ask a question that shows you read the job.',
        ],
      },
    ],
  },
  {
    slug: 'account-and-security',
    audience: 'account',
    title: 'Your account and security',
    summary: 'Signing in, resetting your password and keeping your account safe.',
    blocks: [
      { p: 'Sign in with your email and password, or with Google if you signed up that way.' },
      { h: 'Forgotten password' },
      {
        p: 'Choose “Forgot password” on the sign-in screen and enter your email. The reset link is valid for 30 minutes. For your security, only a few reset emails can be sent in a short time.',
      },
      { h: 'Keeping your account safe' },
      {
        ul: [
          'Use a password you do not use anywhere else: at least 8 characters, with a number and a capital letter.',
          'Turn on two-step sign-in in your profile settings.',
          'Sign out on shared phones and computers.',
        ],
      },
    ],
  },
  {
    slug: 'privacy-and-data',
    audience: 'account',
    title: 'Your privacy and data',
    summary: 'What we keep, who sees it, and how to get a copy or have it deleted.',
    blocks: [
      {
        p: 'We use your data to run the marketplace: your profile, jobs, messages and payments. We never sell it.',
      },
      {
        p: 'Customers see a provider’s public profile. Contact details and exact location are shared only as needed for an agreed job, and your phone number only if you choose to show it.',
      },
      {
        p: 'You can ask for a copy of your data, correct it, or ask us to delete it by emailing privacy@adwuma.com.gh. The full details are in our privacy notice.',
      },
    ],
  },
];

export function findHelpTopic(slug: string | undefined): HelpTopic | undefined {
  return HELP_TOPICS.find((t) => t.slug === slug);
}

/** Topics whose title, summary or text contain every word of the filter. */
export function searchHelpTopics(text: string): readonly HelpTopic[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return HELP_TOPICS;
  return HELP_TOPICS.filter((t) => {
    const haystack = [t.title, t.summary, ...t.blocks.flatMap((b) => Object.values(b).flat())]
      .join(' ')
      .toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
