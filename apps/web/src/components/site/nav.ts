/** Header items (spec 2 "Header"), in order. Routes not yet built land on the not-found page. */
export const HEADER_LINKS = [
  { label: 'Features', href: '/features' },
  { label: 'Find Providers', href: '/search' },
  { label: 'Browse Services', href: '/search?view=categories' },
  { label: 'Browse Jobs', href: '/jobs?focus=search' },
  { label: 'Join as Provider', href: '/auth?mode=signup&intent=provider' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'About', href: '/about' },
] as const;

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
