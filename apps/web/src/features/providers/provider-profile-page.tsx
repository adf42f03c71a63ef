import {
  formatDate,
  formatDuration,
  formatGhanaPhone,
  formatMoney,
  type Language,
  type PageMeta,
  type ProviderProfileResponse,
  providerPageMeta,
  whatsappChatUrl,
} from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarDays,
  Clock,
  MapPin,
  MessageSquareText,
  Phone,
  Share2,
  Star,
  UserRoundX,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { SaverImage } from '../../components/ui/saver-image.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { useAbsoluteUrl, WhatsAppIcon, WhatsAppShare } from '../../components/ui/whatsapp-share.tsx';
import { textOf, useLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { authPath, buildPath, ROUTES } from '../../lib/routes.ts';
import { currentPath } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useSession, useWhenSessionKnown } from '../auth/index.ts';
import { messagePath } from '../messaging/index.ts';
import { RequestQuoteButton } from '../quotes/index.ts';
import { ProviderReviews } from '../reviews/index.ts';
import {
  categoryPath,
  FavoriteButton,
  formatMonthYear,
  formatRating,
  RatingLine,
  useCategoryLabels,
  useSearchFormat,
} from '../search/index.ts';
import { providerQuery, useProvider } from './api/get-provider.ts';
import { useProfileText } from './i18n.ts';

type Profile = ProviderProfileResponse;

/** What link previews and search engines read about a provider (the server writes the same). */
export function profileMeta(data: Profile, origin: string): PageMeta {
  const p = data.provider;
  return providerPageMeta(
    {
      slug: data.canonicalSlug,
      name: p.name,
      city: p.city,
      verified: p.verified,
      bio: p.bio,
      avatar_url: p.avatar_url,
      categories: p.categories.map((c) => c.name),
      rating: data.rating_summary.average,
      total_reviews: data.rating_summary.count,
    },
    origin,
  );
}

/** "June 2025" / "Ɔsandaa 2025": the month a provider joined, in the page's language. */
export function memberSinceDate(iso: string, language: Language): string {
  if (language === 'en') return formatMonthYear(iso);
  // formatDate's Twi day is "Obubuo 25, 2026": the month and the year.
  return formatDate(iso, language, 'day').replace(/ \d+, /, ' ');
}

/**
 * The service a WhatsApp message names: the one in the address (`?service=<id>`, from a service's
 * own link), else the provider's main category, else their first service; null when none.
 */
export function whatsappService(
  data: Profile,
  serviceId: string | null,
  categoryName: (slug: string, fallback: string) => string,
): string | null {
  const chosen = serviceId ? data.services.find((s) => s.id === serviceId) : undefined;
  if (chosen) return chosen.title;
  const main = data.provider.categories[0];
  if (main) return categoryName(main.slug, main.name);
  return data.services[0]?.title ?? null;
}

/**
 * The WhatsApp button, where the provider turned WhatsApp on: their chat with a message typed in
 * that names the service and links this profile.
 */
function WhatsAppContact({ data, path }: { data: Profile; path: string }) {
  const { t } = useProfileText();
  const labels = useCategoryLabels();
  const location = useLocation();
  const url = useAbsoluteUrl(path);
  const name = data.provider.name.split(' ')[0] ?? data.provider.name;
  const service = whatsappService(data, new URLSearchParams(location.search).get('service'), labels.category);
  const message = service
    ? t('actions.whatsappMessage', { name, service, url })
    : t('actions.whatsappMessagePlain', { name, url });
  const href = whatsappChatUrl(data.contact.whatsapp_url, message);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-leaf-600 px-4 text-sm font-semibold text-white hover:bg-leaf-700"
    >
      <WhatsAppIcon />
      {t('actions.whatsapp')}
    </a>
  );
}

/** "Message": signed out, it leads to sign-in and back here; signed in it opens the conversation. */
function MessageAction({ providerId }: { providerId: string }) {
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const whenSessionKnown = useWhenSessionKnown();
  const { t } = useProfileText();
  const signInPath = authPath({ returnTo: currentPath(location) });
  const to = status === 'signed_in' ? messagePath(providerId) : signInPath;
  return (
    <Link
      to={to}
      onClick={(event) =>
        whenSessionKnown(event, (signedIn) => navigate(signedIn ? messagePath(providerId) : signInPath))
      }
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
    >
      <MessageSquareText aria-hidden="true" className="h-4 w-4" />
      {t('actions.message')}
    </Link>
  );
}

async function share(title: string, url: string) {
  if (navigator.share) {
    try {
      await navigator.share({ title, url });
      return;
    } catch {
      // cancelled, or not allowed here: copy instead
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(textOf('profile')('actions.linkCopied'));
  } catch {
    toast(url);
  }
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Monday first, as a Ghanaian week is read. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

function OpeningHours({ availability }: { availability: NonNullable<Profile['availability']> }) {
  const today = new Date().getDay();
  const { t } = useProfileText();
  const { weekday: weekdayName } = useSearchFormat();
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('hours.caption')}</caption>
      <tbody>
        {WEEK_ORDER.map((weekday) => {
          const day = availability.days.find((d) => d.weekday === weekday);
          const open = day && !day.closed && day.opens && day.closes;
          return (
            <tr key={weekday} className={weekday === today ? 'font-semibold' : ''}>
              <th scope="row" className="py-1 pr-3 text-left font-medium">
                {weekdayName(weekday)}
              </th>
              <td className={`py-1 text-right ${open ? '' : 'text-muted-fg'}`}>
                {open ? `${day.opens} – ${day.closes}` : t('hours.closed')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function ProfileSkeleton() {
  const { t } = useProfileText();
  return (
    <div role="status" aria-label={t('loading')} className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <div className="flex gap-4">
        <Skeleton className="h-20 w-20 shrink-0 rounded-full sm:h-28 sm:w-28" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="mt-6 flex gap-2">
        <Skeleton className="h-11 w-32 rounded-full" />
        <Skeleton className="h-11 w-40 rounded-full" />
      </div>
      <Skeleton className="mt-8 h-40" />
      <Skeleton className="mt-4 h-56" />
    </div>
  );
}

/** `/providers/:slug`: a provider's public, shareable profile. */
export function ProviderProfilePage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch, isFetching } = useProvider(slug);
  const { t } = useProfileText();
  const fmt = useSearchFormat();
  const language = useLanguage();
  const labels = useCategoryLabels();
  // On the server (issue 20) only the title of this page's meta is used; absolute URLs need a base.
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

  // A renamed provider: the old link still works, and the address bar shows the current one.
  useEffect(() => {
    if (data && data.canonicalSlug !== slug) {
      // The same profile under its current slug: no second request, no flash of the skeleton.
      queryClient.setQueryData(providerQuery(data.canonicalSlug).queryKey, data);
      navigate(
        { pathname: buildPath(ROUTES.provider, { slug: data.canonicalSlug }), search: location.search },
        { replace: true },
      );
    }
  }, [data, slug, navigate, location.search, queryClient]);

  usePageMeta(data ? profileMeta(data, origin) : null);

  if (isPending) return <ProfileSkeleton />;
  if (isError) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <ScreenShell
          icon={<UserRoundX aria-hidden="true" className="h-7 w-7" />}
          title={t('notFound.title')}
          actions={<ButtonLink to={ROUTES.search}>{t('notFound.others')}</ButtonLink>}
        >
          <p>{t('notFound.text')}</p>
        </ScreenShell>
      );
    }
    return <ErrorScreen detail={error.message} onRetry={() => void refetch()} retrying={isFetching} />;
  }

  const p = data.provider;
  const isMe = user?.id === p.provider_id;
  const meta = profileMeta(data, origin);
  const quoteProvider = { id: p.provider_id, name: p.name };
  const cameFromApp = location.key !== 'default';
  const price =
    p.min_price_minor !== null
      ? fmt.price(p.price_type ?? 'fixed', formatMoney(p.min_price_minor, 'GHS'))
      : null;
  const profilePath = buildPath(ROUTES.provider, { slug: data.canonicalSlug });
  const firstName = p.name.split(' ')[0];

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-5xl px-4 py-5 sm:px-6 sm:py-8">
          {cameFromApp ? (
            <button
              type="button"
              onClick={() => navigate(-1)}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t('header.back')}
            </button>
          ) : (
            <Link
              to={ROUTES.search}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t('header.backToSearch')}
            </Link>
          )}

          <div className="mt-4 flex items-start gap-4 sm:gap-6">
            <Avatar
              src={p.avatar_url}
              name={p.name}
              className="h-20 w-20 text-2xl sm:h-28 sm:w-28 sm:text-3xl"
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{p.name}</h1>
                {p.verified && <VerifiedBadge label={t('header.verified')} />}
              </div>
              {p.business_name && p.business_name !== p.name && (
                <p className="mt-0.5 font-semibold text-muted-fg">{p.business_name}</p>
              )}
              {p.categories.length > 0 && (
                <p className="mt-1 text-sm">
                  {p.categories.map((c, i) => (
                    <span key={c.slug}>
                      {i > 0 && ', '}
                      <Link to={categoryPath(c.slug)} className="hover:underline">
                        {labels.category(c.slug, c.name)}
                      </Link>
                    </span>
                  ))}
                </p>
              )}
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-fg">
                <RatingLine rating={data.rating_summary.average} count={data.rating_summary.count} />
                {p.city && (
                  <span className="inline-flex items-center gap-1">
                    <MapPin aria-hidden="true" className="h-4 w-4" />
                    {[p.city, p.region].filter(Boolean).join(', ')}
                  </span>
                )}
                <span className="inline-flex items-center gap-1">
                  <CalendarDays aria-hidden="true" className="h-4 w-4" />
                  {t('header.memberSince', { date: memberSinceDate(p.member_since, language) })}
                </span>
                {p.response_time_minutes !== null && (
                  <span className="inline-flex items-center gap-1">
                    <Clock aria-hidden="true" className="h-4 w-4" />
                    {fmt.responseTime(p.response_time_minutes)}
                  </span>
                )}
              </div>
            </div>
          </div>

          {isMe && (
            <p className="mt-4 rounded-xl border border-border bg-card px-4 py-3 text-sm">
              {t('header.yours')}{' '}
              <Link
                to={ROUTES.postService}
                className="font-semibold text-brand-700 underline dark:text-brand-500"
              >
                {t('header.manage')}
              </Link>
            </p>
          )}

          <div className="mt-5 flex flex-wrap gap-2">
            {!isMe && <MessageAction providerId={p.provider_id} />}
            <RequestQuoteButton provider={quoteProvider} services={data.services} />
            {data.contact.whatsapp_url && <WhatsAppContact data={data} path={profilePath} />}
            {data.contact.phone && (
              <a
                href={`tel:${data.contact.phone}`}
                className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-border bg-card px-4 text-sm font-semibold hover:bg-muted"
              >
                <Phone aria-hidden="true" className="h-4 w-4" />
                {formatGhanaPhone(data.contact.phone)}
              </a>
            )}
            {!isMe && (
              <FavoriteButton
                variant="labelled"
                providerId={p.provider_id}
                name={p.name}
                initial={data.favorited}
              />
            )}
            <button
              type="button"
              onClick={() => void share(meta.title, meta.url)}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-border bg-card px-4 text-sm font-semibold hover:bg-muted"
            >
              <Share2 aria-hidden="true" className="h-4 w-4" />
              {t('actions.share')}
            </button>
            <WhatsAppShare text={meta.title} path={profilePath} label={t('actions.shareWhatsapp')} />
          </div>
        </div>
      </header>

      <div className="mx-auto mt-6 grid max-w-5xl gap-6 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 gap-6 self-start">
          {p.bio && (
            <Section id="about" title={t('about', { name: firstName })}>
              <p className="whitespace-pre-line text-fg">{p.bio}</p>
            </Section>
          )}

          <Section id="services" title={t('services.title')}>
            {data.services.length === 0 ? (
              <p className="text-sm text-muted-fg">{t('services.none')}</p>
            ) : (
              <ul className="divide-y divide-border">
                {data.services.map((s) => (
                  <li key={s.id} className="py-4 first:pt-0 last:pb-0">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <h3 className="font-semibold">{s.title}</h3>
                      <p className="font-bold">
                        {fmt.price(s.price_type, formatMoney(s.price_minor, 'GHS'))}
                      </p>
                    </div>
                    <p className="mt-0.5 text-xs text-muted-fg">
                      {[
                        labels.category(s.category, s.category_name),
                        s.duration_minutes ? formatDuration(s.duration_minutes, language) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    <p className="mt-2 text-sm text-muted-fg">{s.description}</p>
                    {s.photos.length > 0 && (
                      <ul
                        className="mt-3 flex gap-2 overflow-x-auto"
                        aria-label={t('services.photos', { title: s.title })}
                      >
                        {s.photos.map((photo, i) => (
                          <li key={photo.id} className="shrink-0">
                            {/* The thumbnail; tapping opens the large photo (with the data saver, a tap shows it first). */}
                            <SaverImage
                              src={photo.thumb_url}
                              label={s.title}
                              link={{
                                href: photo.url,
                                className:
                                  'block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                              }}
                              alt={t('services.photo', {
                                title: s.title,
                                index: i + 1,
                                total: s.photos.length,
                              })}
                              width={photo.width ?? undefined}
                              height={photo.height ?? undefined}
                              className="h-24 w-32 rounded-xl border border-border bg-muted object-cover sm:h-28 sm:w-36"
                            />
                          </li>
                        ))}
                      </ul>
                    )}
                    <RequestQuoteButton
                      provider={quoteProvider}
                      services={data.services}
                      serviceId={s.id}
                      size="sm"
                      className="mt-3"
                      accessibleLabel={t('actions.quoteFor', { service: s.title })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section id="reviews" title={t('reviews.title')}>
            {data.rating_summary.count === 0 ? (
              <div className="rounded-xl border border-dashed border-border px-4 py-8 text-center">
                <Star aria-hidden="true" className="mx-auto h-8 w-8 text-muted-fg" />
                <p className="mt-2 font-semibold">{t('reviews.none')}</p>
                <p className="mt-1 text-sm text-muted-fg">{t('reviews.noneText', { name: firstName })}</p>
              </div>
            ) : (
              <>
                <div className="flex items-center gap-4">
                  <p className="text-4xl font-extrabold">{formatRating(data.rating_summary.average)}</p>
                  <div>
                    <p aria-hidden="true" className="flex gap-0.5 text-brand-500">
                      {[1, 2, 3, 4, 5].map((n) => (
                        <Star
                          key={n}
                          className={`h-5 w-5 ${n <= Math.round(data.rating_summary.average) ? 'fill-brand-500' : ''}`}
                        />
                      ))}
                    </p>
                    <p className="mt-1 text-sm text-muted-fg">
                      <span className="sr-only">
                        {t('reviews.outOf5', { rating: formatRating(data.rating_summary.average) })}
                      </span>
                      {t('reviews.from', { reviews: fmt.reviewCount(data.rating_summary.count) })}
                    </p>
                  </div>
                </div>
                <ProviderReviews slug={data.canonicalSlug} providerName={p.name} />
              </>
            )}
          </Section>
        </div>

        <aside className="grid gap-6 self-start">
          {price && (
            <Section id="prices" title={t('prices.title')}>
              <p className="text-2xl font-extrabold">{price}</p>
              <p className="mt-1 text-sm text-muted-fg">{t('prices.lowest')}</p>
            </Section>
          )}
          <Section id="areas" title={t('areas.title')}>
            {p.service_areas.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {p.service_areas.map((area) => (
                  <li key={area} className="rounded-full bg-muted px-3 py-1 text-sm font-medium">
                    {area}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-fg">
                {p.city ? t('areas.around', { city: p.city }) : t('areas.ask')}
              </p>
            )}
          </Section>
          {data.availability && (
            <Section id="hours" title={t('hours.title')}>
              <OpeningHours availability={data.availability} />
            </Section>
          )}
        </aside>
      </div>
    </div>
  );
}
