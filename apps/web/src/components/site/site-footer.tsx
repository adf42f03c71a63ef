import { Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { Logo } from './logo.tsx';
import { CONTACT, FOOTER_LEGAL_LINKS, FOOTER_QUICK_LINKS, SOCIAL_LINKS } from './nav.ts';
import { SiteLink } from './site-link.tsx';
import { useSiteText } from './site-text.ts';

/** The site footer (spec 2): social links, quick links and contact links. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const { t } = useSiteText();
  return (
    <footer className="border-t border-border bg-muted/60">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-1">
          <Logo />
          <p className="mt-3 text-sm text-muted-fg">{t('footer.tagline')}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('footer.social')}>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="inline-flex rounded-full border border-border px-3 py-1 text-sm text-muted-fg hover:text-fg"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label={t('footer.quickLinks')}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-fg">{t('footer.quickLinks')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_QUICK_LINKS.map((l) => (
              <li key={l.href}>
                <SiteLink href={l.href} className="text-muted-fg hover:text-fg">
                  {t(`footer.links.${l.key}`)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.legal')}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-fg">{t('footer.company')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_LEGAL_LINKS.map((l) => (
              <li key={l.href}>
                <SiteLink href={l.href} className="text-muted-fg hover:text-fg">
                  {t(`footer.links.${l.key}`)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-fg">{t('footer.contact')}</h2>
          <ul className="mt-3 space-y-2 text-sm text-muted-fg" aria-label={t('footer.contactLinks')}>
            <li>
              <a href={`mailto:${CONTACT.email}`} className="inline-flex items-center gap-2 hover:text-fg">
                <Mail className="h-4 w-4" aria-hidden="true" /> {CONTACT.email}
              </a>
            </li>
            <li>
              <a href={CONTACT.phoneHref} className="inline-flex items-center gap-2 hover:text-fg">
                <Phone className="h-4 w-4" aria-hidden="true" /> {CONTACT.phone}
              </a>
            </li>
            <li>
              <a
                href={CONTACT.whatsappHref}
                rel="noopener noreferrer"
                target="_blank"
                className="inline-flex items-center gap-2 hover:text-fg"
              >
                <MessageCircle className="h-4 w-4" aria-hidden="true" /> {t('footer.whatsapp')}
              </a>
            </li>
            <li className="inline-flex items-center gap-2">
              <MapPin className="h-4 w-4" aria-hidden="true" /> {CONTACT.address}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-border">
        {/* The landing page is prerendered at build time: the year may differ by the time it hydrates. */}
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-muted-fg sm:px-6" suppressHydrationWarning>
          {t('footer.copyright', { year })}
        </p>
      </div>
    </footer>
  );
}
