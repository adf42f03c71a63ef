import type { Review } from '@adwuma/shared';
import { CornerDownRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { formatReviewDate } from './format.ts';
import { useReviewsText } from './i18n.ts';
import { Stars } from './stars.tsx';

/**
 * One review: who wrote it, when, the stars, the text and the reply under it. `name` is the author's
 * name as this place may show it (public pages only first name and initial).
 */
export function ReviewCard({
  review,
  name,
  context,
  badge,
  children,
  replyBy,
  person = review.author,
  headingLevel = 3,
}: {
  review: Review;
  name: string;
  /** Whose picture heads the card: the author unless told (Given shows whom I reviewed). */
  person?: Review['author'];
  /** A line under the name, e.g. the booking or "You reviewed Kofi". */
  context?: ReactNode;
  badge?: ReactNode;
  /** Actions or a form under the review (e.g. "Reply"). */
  children?: ReactNode;
  /** Who the reply is from, as its heading: "Reply from Kofi". */
  replyBy?: string;
  /** The name's heading: h3 under a section's h2 (a profile), h2 right under the page's h1. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useReviewsText();
  const language = useLanguage();
  const Heading = `h${headingLevel}` as const;
  const date = review.published_at ?? review.created_at;
  return (
    <article className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <header className="flex items-start gap-3">
        <Avatar src={person.avatar_url} name={person.name} className="h-10 w-10 text-sm" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <Heading className="font-semibold [overflow-wrap:anywhere]">{name}</Heading>
            <time dateTime={date} className="text-xs text-muted-fg">
              {formatReviewDate(date, language)}
            </time>
          </div>
          {context && <p className="text-xs text-muted-fg [overflow-wrap:anywhere]">{context}</p>}
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Stars rating={review.rating} />
            {badge}
          </div>
        </div>
      </header>
      <p className="mt-3 whitespace-pre-line text-sm text-fg [overflow-wrap:anywhere]">{review.text}</p>
      {review.reply && (
        <div className="mt-3 rounded-xl bg-muted/70 p-3 text-sm">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            <span className="inline-flex items-center gap-1.5 font-semibold">
              <CornerDownRight aria-hidden="true" className="h-4 w-4 shrink-0 text-muted-fg" />
              {replyBy ?? t('card.reply')}
            </span>
            {review.replied_at && (
              <time dateTime={review.replied_at} className="text-xs text-muted-fg">
                {formatReviewDate(review.replied_at, language)}
              </time>
            )}
          </p>
          <p className="mt-1 whitespace-pre-line text-muted-fg [overflow-wrap:anywhere]">{review.reply}</p>
        </div>
      )}
      {children}
    </article>
  );
}
