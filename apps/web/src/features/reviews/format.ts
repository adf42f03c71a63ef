import { formatDate, type Language } from '@adwuma/shared';

/** "14 Nov 2026" / "Ɔpɛ 14, 2026", in Ghana time. */
export function formatReviewDate(iso: string, language: Language = 'en'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDate(date, language, 'short-day');
}
