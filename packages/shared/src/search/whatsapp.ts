/**
 * Issue 21: WhatsApp links. A chat with a provider (wa.me/<number>?text=…, only when the provider
 * turned WhatsApp on: the API then gives contact.whatsapp_url) and "Share on WhatsApp"
 * (wa.me/?text=…, no number: the person picks the chat). The texts come translated from the web's
 * catalogs; this only builds the links, the same on the server and in the browser.
 */
import { normalizeGhanaPhone } from '../phone.ts';

const WA = 'https://wa.me/';

/**
 * The digits wa.me wants (233XXXXXXXXX) from a Ghana number in any form we store or show
 * (+233 24 123 4567, 024 123 4567) or from a wa.me link; null when there is no usable number.
 */
export function whatsappNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const fromLink = /^https?:\/\/(?:wa\.me|api\.whatsapp\.com\/send\?phone=)\/?\+?(\d+)/i.exec(trimmed);
  const e164 = normalizeGhanaPhone(fromLink?.[1] ?? trimmed);
  return e164 ? e164.slice(1) : null;
}

/**
 * A chat with a Ghana number (or its wa.me link), the message typed in for the visitor to send;
 * null when there is no number (no WhatsApp button then).
 */
export function whatsappChatUrl(number: string | null | undefined, text?: string | null): string | null {
  const digits = whatsappNumber(number);
  if (!digits) return null;
  const message = text?.trim();
  return message ? `${WA}${digits}?text=${encodeURIComponent(message)}` : `${WA}${digits}`;
}

/** "Share on WhatsApp": the person chooses the chat; the text, then the link on its own line. */
export function whatsappShareUrl(text: string, url?: string | null): string {
  const message = [text.trim(), url?.trim()].filter(Boolean).join('\n');
  return `${WA}?text=${encodeURIComponent(message)}`;
}
