import type { Language } from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import type { BookingDetail } from './api/get-booking.ts';
import { formatDateRange, formatMoment, useDates } from './dates.ts';
import { useBookingsText } from './i18n.ts';
import { formatDuration, timeRange } from './week.ts';

// Copy and wording helpers of the booking page (booking-page.tsx and its parts): the texts live in
// src/locales/<language>/bookings.json.

export { formatMoment } from './dates.ts';

/** The booking page's words in the page's language (same shape as the English constants were). */
export function useBookingText() {
  const { t } = useBookingsText();
  return useMemo(
    () => ({
      t,
      back: t('page.back'),
      message: (name: string) => t('page.message', { name }),
      call: (name: string) => t('page.call', { name }),
      whatsapp: (name: string) => t('page.whatsapp', { name }),
      notFound: t('page.notFound'),
      notFoundText: t('page.notFoundText'),
      loadFailed: t('page.loadFailed'),
      retry: t('page.retry'),
      when: t('page.when'),
      place: t('page.place'),
      price: t('page.price'),
      dateTbc: t('item.dateTbc'),
      placeTbc: t('item.placeTbc'),
      next: t('page.next'),
      start: t('page.start'),
      markDone: t('page.markDone'),
      confirm: t('page.confirm'),
      propose: t('page.propose'),
      cancel: t('page.cancel'),
      dispute: t('page.dispute'),
      accept: t('page.accept'),
      decline: t('page.decline'),
      withdraw: t('page.withdraw'),
      proposal: t('page.proposal'),
      earnings: t('page.earnings'),
      reviews: t('page.reviews'),
      yourReview: t('page.yourReview'),
      theirReview: (name: string) => t('page.theirReview', { name }),
      writeReview: t('page.writeReview'),
      hiddenUntil: t('page.hiddenUntil'),
      noReviews: t('page.noReviews'),
      history: t('page.history'),
      disputeTitle: t('page.disputeTitle'),
    }),
    [t],
  );
}

/** What the history shows for an action: its label, or the action's own words. */
export function historyLabel(t: TFunction, action: string): string {
  return t(`historyLabels.${action}`, { defaultValue: humanize(action) });
}

export const humanize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replaceAll('_', ' ');

/** "1 h 30 min", "45 min" in the page's language. */
export function durationText(t: TFunction, total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  return [h ? t('dates.hours', { count: h }) : '', m ? t('dates.minutes', { count: m }) : '']
    .filter(Boolean)
    .join(' ');
}

export function whenText(b: BookingDetail, language: Language = 'en', t?: TFunction): string | null {
  if (!b.scheduled_date) return null;
  const date = formatDateRange(b.scheduled_date, b.scheduled_end_date, undefined, language);
  const time = b.start_time ? `, ${timeRange(b.start_time, b.duration_minutes)}` : '';
  const length = b.duration_minutes
    ? ` (${t ? durationText(t, b.duration_minutes) : formatDuration(b.duration_minutes)})`
    : '';
  return `${date}${time}${length}`;
}

/** What the status means for the caller and what comes next. */
export function nextText(
  b: BookingDetail,
  otherName: string,
  t: TFunction,
  language: Language = 'en',
): string {
  const mine = b.role;
  const moment = (iso: string) => formatMoment(iso, undefined, language);
  const name = otherName;
  switch (b.status) {
    case 'scheduled':
      return mine === 'provider'
        ? t('nextSteps.scheduledProvider')
        : t('nextSteps.scheduledCustomer', { name });
    case 'in_progress':
      return mine === 'provider'
        ? t('nextSteps.inProgressProvider')
        : t('nextSteps.inProgressCustomer', { name });
    case 'awaiting_confirmation': {
      const when = b.auto_complete_at ? moment(b.auto_complete_at) : null;
      if (mine === 'customer')
        return when
          ? t('nextSteps.awaitingCustomerBy', { name, when })
          : t('nextSteps.awaitingCustomer', { name });
      return when ? t('nextSteps.awaitingProviderBy', { when }) : t('nextSteps.awaitingProvider');
    }
    case 'completed':
      if (!b.completed_at) return t('nextSteps.completed');
      return b.reviews.can_review
        ? t('nextSteps.completedOnReview', { when: moment(b.completed_at) })
        : t('nextSteps.completedOn', { when: moment(b.completed_at) });
    case 'cancelled': {
      const who =
        b.cancelled_by === mine
          ? t('nextSteps.byYou')
          : b.cancelled_by === 'customer'
            ? t('nextSteps.byCustomer')
            : b.cancelled_by === 'provider'
              ? t('nextSteps.byProvider')
              : b.cancelled_by
                ? `the ${b.cancelled_by}`
                : null;
      const when = b.cancelled_at ? moment(b.cancelled_at) : null;
      const late = b.late_cancellation ? t('nextSteps.late') : '';
      const text =
        who && when
          ? t('nextSteps.cancelledByOn', { who, when })
          : who
            ? t('nextSteps.cancelledBy', { who })
            : when
              ? t('nextSteps.cancelledOn', { when })
              : t('nextSteps.cancelled');
      // The late note sits before the full stop: "Cancelled by you on … (late cancellation)."
      return late ? `${text.replace(/\.$/, '')}${late}.` : text;
    }
    case 'disputed':
      return t('nextSteps.disputed');
    default:
      return '';
  }
}

export { useDates };
