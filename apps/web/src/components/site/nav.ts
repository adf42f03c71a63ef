/** One header link; `badge` is an unread count shown beside the label. */
export interface NavItem {
  label: string;
  href: string;
  badge?: number;
}

/** The 'Join as Provider' target; signed in, the app turns this item into its own control. */
export const JOIN_AS_PROVIDER_HREF = '/auth?mode=signup&intent=provider';

/** Header items for visitors (spec 2 "Header"), in order. Routes not yet built land on the not-found page. */
export const HEADER_LINKS = [
  { label: 'Features', href: '/features' },
  { label: 'Find Providers', href: '/search' },
  { label: 'Browse Services', href: '/search?view=categories' },
  { label: 'Browse Jobs', href: '/jobs?focus=search' },
  { label: 'Join as Provider', href: JOIN_AS_PROVIDER_HREF },
  { label: 'Pricing', href: '/pricing' },
  { label: 'About', href: '/about' },
] as const satisfies readonly NavItem[];

/** Who is signed in, as far as the header cares (issue 22). */
export interface NavAudience {
  /** The view a provider-like person works in; customers and admins are always 'customer'. */
  view: 'customer' | 'provider';
  isAdmin: boolean;
  /** A plain customer, who may still become a provider. */
  canJoinAsProvider: boolean;
}

const CUSTOMER_LINKS: readonly NavItem[] = [
  { label: 'Find providers', href: '/search' },
  { label: 'Post a job', href: '/post-job' },
  { label: 'My jobs', href: '/tasks' },
  { label: 'Schedule', href: '/schedule' },
  { label: 'Messages', href: '/messaging' },
  { label: 'Reviews', href: '/reviews' },
];

const PROVIDER_LINKS: readonly NavItem[] = [
  { label: 'Dashboard', href: '/dashboard' },
  { label: 'Find jobs', href: '/jobs' },
  { label: 'My services', href: '/post-service' },
  { label: 'Schedule', href: '/schedule' },
  { label: 'Messages', href: '/messaging' },
  { label: 'Earnings', href: '/earnings' },
  { label: 'Reviews', href: '/reviews' },
];

/**
 * Issue 22: signed in, the header carries the person's work instead of the marketing links — a
 * customer's jobs, a provider's (in the provider view), and Admin first for admins.
 */
export function signedInNavLinks(audience: NavAudience, unreadMessages = 0): NavItem[] {
  const base = audience.view === 'provider' ? PROVIDER_LINKS : CUSTOMER_LINKS;
  const links = base.map((link) =>
    link.href === '/messaging' && unreadMessages > 0 ? { ...link, badge: unreadMessages } : link,
  );
  if (audience.isAdmin) links.unshift({ label: 'Admin', href: '/admin' });
  else if (audience.view === 'customer' && audience.canJoinAsProvider)
    links.push({ label: 'Join as Provider', href: JOIN_AS_PROVIDER_HREF });
  return links;
}

export const FOOTER_QUICK_LINKS = [
  { label: 'Features', href: '/features' },
  { label: 'For service providers', href: '/service-providers' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'Enterprise', href: '/enterprise-inquiry' },
  { label: 'About', href: '/about' },
  { label: 'Help centre', href: '/help' },
] as const;

export const FOOTER_LEGAL_LINKS = [
  { label: 'Privacy', href: '/privacy' },
  { label: 'Terms', href: '/terms' },
  { label: 'Contact', href: '/contact' },
] as const;

export const CONTACT = {
  email: 'hello@adwuma.com.gh',
  phone: '+233 30 700 1234',
  phoneHref: 'tel:+233307001234',
  whatsappHref: 'https://wa.me/233307001234',
  address: 'Osu, Oxford Street, Accra, Ghana',
} as const;

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/adwumagh' },
  { label: 'Instagram', href: 'https://www.instagram.com/adwumagh' },
  { label: 'X', href: 'https://x.com/adwumagh' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/adwumagh' },
] as const;
