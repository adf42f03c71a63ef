import { REVIEW_LIMITS, reviewInputSchema } from '@adwuma/shared';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Textarea } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import type { ReviewToWrite } from './api/get-reviews.ts';
import { useWriteReview } from './api/write-review.ts';
import { StarRatingInput } from './stars.tsx';

export const WRITE_REVIEW_TEXT = {
  publishRule: `Your review is published when both of you have written one, or ${REVIEW_LIMITS.windowDays} days after completion.`,
  textLabel: 'Your review',
  submit: 'Send review',
  sent: 'Review sent',
  failed: 'Your review was not sent',
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
          toast.success(WRITE_REVIEW_TEXT.sent, { description: WRITE_REVIEW_TEXT.publishRule });
          onDone();
        },
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  }

  return (
    <form
      noValidate
      aria-label={`Review of ${other}`}
      className="mt-4 grid gap-4 border-t border-border pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <StarRatingInput
        legend={`How was it with ${other}?`}
        value={rating}
        error={errors.rating}
        onChange={(n) => {
          setRating(n);
          if (errors.rating) setErrors((e) => ({ ...e, rating: undefined }));
        }}
      />
      <Field
        id={textId}
        label={WRITE_REVIEW_TEXT.textLabel}
        hint={`What went well, what could be better. ${text.length}/${REVIEW_LIMITS.textMax}`}
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
      <p className="text-sm text-muted-fg">{WRITE_REVIEW_TEXT.publishRule}</p>
      {write.isError && !errors.rating && !errors.text && (
        <Alert tone="danger" role="alert" title={WRITE_REVIEW_TEXT.failed}>
          {write.error.message}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={write.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={write.isPending}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {WRITE_REVIEW_TEXT.submit}
        </Button>
      </div>
    </form>
  );
}
