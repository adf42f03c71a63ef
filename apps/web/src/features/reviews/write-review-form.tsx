import { REVIEW_LIMITS, reviewInputSchema } from '@adwuma/shared';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Textarea } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import en from '../../locales/en/reviews.json';
import type { ReviewToWrite } from './api/get-reviews.ts';
import { useWriteReview } from './api/write-review.ts';
import { useReviewsText } from './i18n.ts';
import { StarRatingInput } from './stars.tsx';

/** The English rule (tests read it); the form shows it in the page's language. */
export const WRITE_REVIEW_TEXT = {
  publishRule: en.write.publishRule.replace('{{days}}', String(REVIEW_LIMITS.windowDays)),
} as const;

type Errors = { rating?: string; text?: string };

/** The review of one completed booking: stars and text, checked with the shared rules. */
export function WriteReviewForm({
  item,
  onDone,
  onCancel,
}: {
  item: ReviewToWrite;
  onDone: () => void;
  onCancel: () => void;
}) {
  const textId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const write = useWriteReview();
  const { t } = useReviewsText();
  const publishRule = t('write.publishRule', { days: REVIEW_LIMITS.windowDays });
  const { booking } = item;
  const other = booking.role === 'customer' ? booking.provider.name : booking.customer.name;

  function submit() {
    const parsed = reviewInputSchema.safeParse({ rating: rating ?? undefined, text });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    write.mutate(
      { bookingId: booking.id, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('write.sent'), { description: publishRule });
          onDone();
        },
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  }

  return (
    <form
      noValidate
      aria-label={t('write.of', { name: other })}
      className="mt-4 grid gap-4 border-t border-border pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <StarRatingInput
        legend={t('write.how', { name: other })}
        value={rating}
        error={errors.rating}
        onChange={(n) => {
          setRating(n);
          if (errors.rating) setErrors((e) => ({ ...e, rating: undefined }));
        }}
      />
      <Field
        id={textId}
        label={t('write.textLabel')}
        hint={t('write.hint', { count: text.length, max: REVIEW_LIMITS.textMax })}
        error={errors.text}
      >
        {(c) => (
          <Textarea
            {...c}
            value={text}
            maxLength={REVIEW_LIMITS.textMax}
            onChange={(event) => {
              setText(event.target.value);
              if (errors.text) setErrors((e) => ({ ...e, text: undefined }));
            }}
          />
        )}
      </Field>
      <p className="text-sm text-muted-fg">{publishRule}</p>
      {write.isError && !errors.rating && !errors.text && (
        <Alert tone="danger" role="alert" title={t('write.failed')}>
          {write.error.message}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={write.isPending}>
          {t('write.cancel')}
        </Button>
        <Button type="submit" busy={write.isPending}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {t('write.submit')}
        </Button>
      </div>
    </form>
  );
}
