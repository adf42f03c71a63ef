/**
 * One header link: `key` names its label in the site catalog (locales/<lang>/site.json "nav"), `badge`
 * is an unread count shown beside the label.
 */
export interface NavItem {
  key: string;
  href: string;
  badge?: number;
}

/** The 'Join as Provider' target; signed in, the app turns this item into its own control. */
export const JOIN_AS_PROVIDER_HREF = '/auth?mode=signup&intent=provider';

/** Header items for visitors (spec 2 "Header"), in order. Routes not yet built land on the not-found page. */
export const HEADER_LINKS = [
  { key: 'features', href: '/features' },
  { key: 'findProviders', href: '/search' },
  { key: 'browseServices', href: '/search?view=categories' },
  { key: 'browseJobs', href: '/jobs?focus=search' },
  { key: 'joinAsProvider', href: JOIN_AS_PROVIDER_HREF },
  { key: 'pricing', href: '/pricing' },
  { key: 'about', href: '/about' },
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
  { key: 'findProvidersSignedIn', href: '/search' },
  { key: 'postJob', href: '/post-job' },
  { key: 'myJobs', href: '/tasks' },
  { key: 'schedule', href: '/schedule' },
  { key: 'messages', href: '/messaging' },
  { key: 'reviews', href: '/reviews' },
];

const PROVIDER_LINKS: readonly NavItem[] = [
  { key: 'dashboard', href: '/dashboard' },
  { key: 'findJobs', href: '/jobs' },
  { key: 'myServices', href: '/post-service' },
  { key: 'schedule', href: '/schedule' },
  { key: 'messages', href: '/messaging' },
  { key: 'earnings', href: '/earnings' },
  { key: 'reviews', href: '/reviews' },
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
  if (audience.isAdmin) links.unshift({ key: 'admin', href: '/admin' });
  else if (audience.view === 'customer' && audience.canJoinAsProvider)
    links.push({ key: 'joinAsProvider', href: JOIN_AS_PROVIDER_HREF });
  return links;
}

export const FOOTER_QUICK_LINKS = [
  { key: 'features', href: '/features' },
  { key: 'serviceProviders', href: '/service-providers' },
  { key: 'pricing', href: '/pricing' },
  { key: 'enterprise', href: '/enterprise-inquiry' },
  { key: 'about', href: '/about' },
  { key: 'help', href: '/help' },
] as const;

export const FOOTER_LEGAL_LINKS = [
  { key: 'privacy', href: '/privacy' },
  { key: 'terms', href: '/terms' },
  { key: 'contact', href: '/contact' },
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
