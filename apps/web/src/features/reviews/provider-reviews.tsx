import { shortName } from '@adwuma/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useProviderReviews } from './api/get-provider-reviews.ts';
import { useReviewsText } from './i18n.ts';
import { ReviewCard } from './review-card.tsx';

/**
 * The published reviews on a provider's public profile, newest first, a page at a time: authors
 * by first name and initial, with the provider's reply.
 */
export function ProviderReviews({ slug, providerName }: { slug: string; providerName: string }) {
  const reviews = useProviderReviews(slug);
  const { t } = useReviewsText();
  const PROVIDER_REVIEWS_TEXT = { more: t('provider.more'), failed: t('provider.failed') };
  const firstName = providerName.split(' ')[0] ?? providerName;

  if (reviews.isPending) {
    return (
      <div role="status" aria-label={t('provider.loading')} className="mt-5 grid gap-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (reviews.isError && !reviews.data) {
    return (
      <Alert tone="danger" role="alert" title={PROVIDER_REVIEWS_TEXT.failed} className="mt-5">
        <p>{reviews.error.message}</p>
        <Button size="sm" className="mt-3" onClick={() => void reviews.refetch()} busy={reviews.isFetching}>
          {t('provider.retry')}
        </Button>
      </Alert>
    );
  }
  const items = reviews.data.pages.flatMap((p) => p.items);
  const total = reviews.data.pages.at(-1)?.total ?? items.length;
  if (items.length === 0) return null;
  return (
    <div className="mt-5">
      <ul aria-label={t('card.list', { name: providerName })} className="grid gap-3">
        {items.map((review) => (
          <li key={review.id}>
            <ReviewCard
              review={review}
              name={shortName(review.author.name)}
              replyBy={t('card.replyFrom', { name: firstName })}
            />
          </li>
        ))}
      </ul>
      {reviews.hasNextPage && (
        <div className="mt-4 flex flex-col items-center gap-2">
          <p className="text-sm text-muted-fg" aria-live="polite">
            Showing {items.length} of {total}
          </p>
          <Button
            variant="outline"
            onClick={() => void reviews.fetchNextPage()}
            busy={reviews.isFetchingNextPage}
          >
            {PROVIDER_REVIEWS_TEXT.more}
          </Button>
        </div>
      )}
      {reviews.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-center text-sm text-danger">
          {PROVIDER_REVIEWS_TEXT.failed}. {reviews.error?.message}
        </p>
      )}
    </div>
  );
}
