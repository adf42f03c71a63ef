import { REVIEW_LIMITS, reviewReplySchema } from '@adwuma/shared';
import { MessageSquareReply } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field, Textarea } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useReplyToReview } from './api/reply-to-review.ts';
import { useReviewsText } from './i18n.ts';

/** "Reply" under a received review: opens a short form; one reply per review. */
export function ReplyToReview({ reviewId, authorName }: { reviewId: string; authorName: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { t } = useReviewsText();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useReplyToReview();

  if (!open) {
    return (
      <div className="mt-3">
        <Button
          variant="outline"
          size="sm"
          aria-label={t('reply.openLabel', { name: authorName })}
          onClick={() => setOpen(true)}
        >
          <MessageSquareReply aria-hidden="true" className="h-4 w-4" />
          {t('reply.open')}
        </Button>
      </div>
    );
  }

  function submit() {
    const parsed = reviewReplySchema.safeParse({ reply });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    send.mutate(
      { reviewId, reply: parsed.data.reply },
      {
        onSuccess: () => toast.success(t('reply.posted')),
        onError: (e) => setError(fieldErrors(e).reply ?? e.message),
      },
    );
  }

  return (
    <form
      noValidate
      className="mt-3 grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field
        id={id}
        label={t('reply.label', { name: authorName })}
        hint={t('reply.hint', { count: reply.length, max: REVIEW_LIMITS.replyMax })}
        error={error}
      >
        {(c) => (
          <Textarea
            {...c}
            value={reply}
            maxLength={REVIEW_LIMITS.replyMax}
            className="min-h-24"
            onChange={(event) => {
              setReply(event.target.value);
              if (error) setError(undefined);
            }}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" size="sm" disabled={send.isPending} onClick={() => setOpen(false)}>
          {t('reply.cancel')}
        </Button>
        <Button type="submit" size="sm" busy={send.isPending}>
          {t('reply.submit')}
        </Button>
      </div>
    </form>
  );
}
