import { type ProviderCard as Card, formatDistance, formatMoney } from '@adwuma/shared';
import { Clock, MapPin, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import { formatRating } from '../format.ts';
import { useSearchFormat } from '../i18n.ts';
import { FavoriteButton } from './favorite-button.tsx';

export function providerPath(slug: string): string {
  return buildPath(ROUTES.provider, { slug });
}

/** Stars and count, or "New" for a provider nobody has reviewed yet. */
export function RatingLine({ rating, count }: { rating: number; count: number }) {
  const { t, reviewCount } = useSearchFormat();
  if (count === 0) {
    return <span className="text-sm text-muted-fg">{t('card.noReviews')}</span>;
  }
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <Star aria-hidden="true" className="h-4 w-4 fill-brand-500 text-brand-500" />
      <span className="font-semibold text-fg">{formatRating(rating)}</span>
      <span className="sr-only">{t('card.outOf5')}</span>
      <span className="text-muted-fg">({reviewCount(count)})</span>
    </span>
  );
}

/**
 * A provider in a list (search, directory, favorites): the whole card opens the profile; the heart
 * sits above the link. `categoryNames` turns category slugs into names when the list is loaded.
 */
export function ProviderCard({
  provider,
  categoryNames,
  onFavoriteChange,
  headingLevel = 'h3',
}: {
  provider: Card;
  categoryNames?: ReadonlyMap<string, string>;
  onFavoriteChange?: (favorited: boolean) => void;
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  const Heading = headingLevel;
  const fmt = useSearchFormat();
  const price =
    provider.min_price_minor === null
      ? null
      : fmt.price(provider.price_type ?? 'fixed', formatMoney(provider.min_price_minor, 'GHS'));
  const categories = provider.categories
    .map((slug) => categoryNames?.get(slug))
    .filter((n): n is string => Boolean(n))
    .slice(0, 2);
  const place = [provider.city, provider.distance_km !== null ? formatDistance(provider.distance_km) : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className="relative flex gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500/40 hover:shadow-md">
      <Avatar src={provider.avatar_url} name={provider.name} className="h-14 w-14 text-lg" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 pr-10">
          <Heading className="min-w-0 truncate text-base font-bold leading-snug">
            <Link
              to={providerPath(provider.slug)}
              className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus:outline-none"
            >
              {provider.name}
            </Link>
          </Heading>
          {provider.verified && <VerifiedBadge />}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5">
          <RatingLine rating={provider.rating} count={provider.total_reviews} />
          {place && (
            <span className="inline-flex items-center gap-1 text-sm text-muted-fg">
              <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
              {place}
            </span>
          )}
        </div>
        {categories.length > 0 && (
          <p className="mt-1 truncate text-sm text-muted-fg">{categories.join(', ')}</p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className={`text-sm font-bold ${price ? 'text-fg' : 'font-medium text-muted-fg'}`}>
            {price ?? fmt.t('card.onRequest')}
          </span>
          {provider.response_time_minutes !== null && (
            <span className="inline-flex items-center gap-1 text-xs text-muted-fg">
              <Clock aria-hidden="true" className="h-3.5 w-3.5" />
              {fmt.responseTime(provider.response_time_minutes)}
            </span>
          )}
        </div>
      </div>
      <div className="absolute right-2 top-2">
        <FavoriteButton
          providerId={provider.provider_id}
          name={provider.name}
          initial={provider.favorited}
          onChange={onFavoriteChange}
        />
      </div>
    </article>
  );
}

export function ProviderCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex gap-3 rounded-2xl border border-border bg-card p-4">
      <div className="h-14 w-14 shrink-0 animate-pulse rounded-full bg-muted" />
      <div className="flex-1 space-y-2">
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-3.5 w-1/2 animate-pulse rounded bg-muted" />
        <div className="h-3.5 w-1/3 animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}
