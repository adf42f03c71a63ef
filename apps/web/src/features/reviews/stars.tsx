import { Star } from 'lucide-react';
import { useId } from 'react';
import { useReviewsText } from './i18n.ts';

export const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/** A rating shown as five stars; read out as "4 out of 5 stars". */
export function Stars({ rating, className = 'h-4 w-4' }: { rating: number; className?: string }) {
  const { t } = useReviewsText();
  return (
    <span role="img" aria-label={t('stars.outOf', { rating })} className="inline-flex gap-0.5 text-brand-500">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={`${className} ${n <= rating ? 'fill-brand-500' : ''}`} />
      ))}
    </span>
  );
}

/**
 * 1–5 stars as a native radio group: arrow keys move and choose, Tab leaves the group, and each star
 * is a 48 px target. The chosen star and those before it are filled.
 */
export function StarRatingInput({
  value,
  onChange,
  error,
  legend,
}: {
  value: number | null;
  onChange: (rating: number) => void;
  error?: string;
  legend?: string;
}) {
  const name = useId();
  const { t } = useReviewsText();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-fg">{legend ?? t('stars.legend')}</legend>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="-ml-1.5 flex">
          {[1, 2, 3, 4, 5].map((n) => {
            const filled = value !== null && n <= value;
            return (
              <label
                key={n}
                className="inline-flex h-12 w-12 cursor-pointer items-center justify-center rounded-xl hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
              >
                <input
                  type="radio"
                  name={name}
                  value={n}
                  checked={value === n}
                  onChange={() => onChange(n)}
                  className="sr-only"
                />
                <Star
                  aria-hidden="true"
                  className={`h-8 w-8 ${filled ? 'fill-brand-500 text-brand-500' : 'text-muted-fg'}`}
                />
                <span className="sr-only">{t('stars.star', { count: n })}</span>
              </label>
            );
          })}
        </div>
        <span aria-hidden="true" className="text-sm font-semibold text-muted-fg">
          {value ? t(`stars.words.${value}`) : t('stars.tap')}
        </span>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
