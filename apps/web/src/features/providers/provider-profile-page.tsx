import {
  formatDuration,
  formatGhanaPhone,
  formatMoney,
  type PageMeta,
  type ProviderProfileResponse,
  priceLabel,
  providerPageMeta,
} from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarDays,
  Clock,
  MapPin,
  MessageCircle,
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
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
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
  formatResponseTime,
  RatingLine,
  reviewCount,
  WEEKDAYS,
} from '../search/index.ts';
import { providerQuery, useProvider } from './api/get-provider.ts';

export const PROVIDER_PROFILE_TEXT = {
  message: 'Message',
  quote: 'Request a quote',
  whatsapp: 'WhatsApp',
  share: 'Share',
  linkCopied: 'Link copied',
  back: 'Back to search',
  noReviews: 'No reviews yet',
  notFound: 'Provider not found',
} as const;

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

/** "Message": signed out, it leads to sign-in and back here; signed in it opens the conversation. */
function MessageAction({ providerId }: { providerId: string }) {
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const whenSessionKnown = useWhenSessionKnown();
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
      {PROVIDER_PROFILE_TEXT.message}
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
    toast.success(PROVIDER_PROFILE_TEXT.linkCopied);
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
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Opening hours, Ghana time</caption>
      <tbody>
        {WEEK_ORDER.map((weekday) => {
          const day = availability.days.find((d) => d.weekday === weekday);
          const open = day && !day.closed && day.opens && day.closes;
          return (
            <tr key={weekday} className={weekday === today ? 'font-semibold' : ''}>
              <th scope="row" className="py-1 pr-3 text-left font-medium">
                {WEEKDAYS[weekday]}
              </th>
              <td className={`py-1 text-right ${open ? '' : 'text-muted-fg'}`}>
                {open ? `${day.opens} – ${day.closes}` : 'Closed'}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading the profile" className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
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
          title={PROVIDER_PROFILE_TEXT.notFound}
          actions={<ButtonLink to={ROUTES.search}>Find other providers</ButtonLink>}
        >
          <p>This provider is no longer listed, or the link is mistyped.</p>
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
      ? priceLabel(p.price_type ?? 'fixed', formatMoney(p.min_price_minor, 'GHS'))
      : null;

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
              <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back
            </button>
          ) : (
            <Link
              to={ROUTES.search}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {PROVIDER_PROFILE_TEXT.back}
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
                {p.verified && <VerifiedBadge label="Verified provider: Ghana Card checked by Adwuma" />}
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
                        {c.name}
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
                  Member since {formatMonthYear(p.member_since)}
                </span>
                {p.response_time_minutes !== null && (
                  <span className="inline-flex items-center gap-1">
                    <Clock aria-hidden="true" className="h-4 w-4" />
                    {formatResponseTime(p.response_time_minutes)}
                  </span>
                )}
              </div>
            </div>
          </div>

          {isMe && (
            <p className="mt-4 rounded-xl border border-border bg-card px-4 py-3 text-sm">
              This is your public profile, as customers see it.{' '}
              <Link
                to={ROUTES.postService}
                className="font-semibold text-brand-700 underline dark:text-brand-500"
              >
                Manage your services
              </Link>
            </p>
          )}

          <div className="mt-5 flex flex-wrap gap-2">
            {!isMe && <MessageAction providerId={p.provider_id} />}
            <RequestQuoteButton provider={quoteProvider} services={data.services} />
            {data.contact.whatsapp_url && (
              <a
                href={data.contact.whatsapp_url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-leaf-600 px-4 text-sm font-semibold text-white hover:bg-leaf-700"
              >
                <MessageCircle aria-hidden="true" className="h-4 w-4" />
                {PROVIDER_PROFILE_TEXT.whatsapp}
              </a>
            )}
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
              {PROVIDER_PROFILE_TEXT.share}
            </button>
          </div>
        </div>
      </header>

      <div className="mx-auto mt-6 grid max-w-5xl gap-6 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 gap-6 self-start">
          {p.bio && (
            <Section id="about" title={`About ${p.name.split(' ')[0]}`}>
              <p className="whitespace-pre-line text-fg">{p.bio}</p>
            </Section>
          )}

          <Section id="services" title="Services">
            {data.services.length === 0 ? (
              <p className="text-sm text-muted-fg">
                No services listed yet. Send a message to discuss your job.
              </p>
            ) : (
              <ul className="divide-y divide-border">
                {data.services.map((s) => (
                  <li key={s.id} className="py-4 first:pt-0 last:pb-0">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <h3 className="font-semibold">{s.title}</h3>
                      <p className="font-bold">
                        {priceLabel(s.price_type, formatMoney(s.price_minor, 'GHS'))}
                      </p>
                    </div>
                    <p className="mt-0.5 text-xs text-muted-fg">
                      {[s.category_name, s.duration_minutes ? formatDuration(s.duration_minutes) : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    <p className="mt-2 text-sm text-muted-fg">{s.description}</p>
                    {s.photos.length > 0 && (
                      <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label={`Photos of ${s.title}`}>
                        {s.photos.map((photo, i) => (
                          <li key={photo.id} className="shrink-0">
                            {/* The thumbnail; tapping opens the large photo. */}
                            <a
                              href={photo.url}
                              target="_blank"
                              rel="noreferrer"
                              className="block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                            >
                              <img
                                src={photo.thumb_url}
                                alt={`${s.title}, example ${i + 1} of ${s.photos.length}`}
                                loading="lazy"
                                decoding="async"
                                width={photo.width ?? undefined}
                                height={photo.height ?? undefined}
                                className="h-24 w-32 rounded-xl border border-border bg-muted object-cover sm:h-28 sm:w-36"
                              />
                            </a>
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
                      accessibleLabel={`${PROVIDER_PROFILE_TEXT.quote}: ${s.title}`}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section id="reviews" title="Reviews">
            {data.rating_summary.count === 0 ? (
              <div className="rounded-xl border border-dashed border-border px-4 py-8 text-center">
                <Star aria-hidden="true" className="mx-auto h-8 w-8 text-muted-fg" />
                <p className="mt-2 font-semibold">{PROVIDER_PROFILE_TEXT.noReviews}</p>
                <p className="mt-1 text-sm text-muted-fg">
                  Reviews appear here once customers have hired {p.name.split(' ')[0]} through Adwuma.
                </p>
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
                      <span className="sr-only">{formatRating(data.rating_summary.average)} out of 5, </span>
                      from {reviewCount(data.rating_summary.count)}.
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
            <Section id="prices" title="Prices">
              <p className="text-2xl font-extrabold">{price}</p>
              <p className="mt-1 text-sm text-muted-fg">The lowest price of the services listed.</p>
            </Section>
          )}
          <Section id="areas" title="Areas served">
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
                {p.city ? `In and around ${p.city}.` : 'Ask about your area.'}
              </p>
            )}
          </Section>
          {data.availability && (
            <Section id="hours" title="Opening hours">
              <OpeningHours availability={data.availability} />
            </Section>
          )}
        </aside>
      </div>
    </div>
  );
}
