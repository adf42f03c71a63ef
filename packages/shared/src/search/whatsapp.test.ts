import { describe, expect, it } from 'vitest';
import { whatsappChatUrl, whatsappNumber, whatsappShareUrl } from './whatsapp.ts';

describe('whatsappNumber', () => {
  it('reads a Ghana number in every form we store, show or link', () => {
    expect(whatsappNumber('+233241234567')).toBe('233241234567');
    expect(whatsappNumber('+233 24 123 4567')).toBe('233241234567');
    expect(whatsappNumber('024 123 4567')).toBe('233241234567');
    expect(whatsappNumber('https://wa.me/233241234567')).toBe('233241234567');
    expect(whatsappNumber('https://wa.me/233501234567?text=hi')).toBe('233501234567');
  });

  it('gives null without a usable number', () => {
    expect(whatsappNumber(null)).toBeNull();
    expect(whatsappNumber(undefined)).toBeNull();
    expect(whatsappNumber('')).toBeNull();
    expect(whatsappNumber('12345')).toBeNull();
    expect(whatsappNumber('+44 20 7946 0958')).toBeNull();
    expect(whatsappNumber('https://wa.me/')).toBeNull();
  });
});

describe('whatsappChatUrl', () => {
  it('opens the chat with the message typed in, URL-encoded', () => {
    const text =
      'Hello Ama, I found your Braids & Weaves service on Adwuma: https://adwuma.com.gh/providers/ama-k?x=1';
    const url = whatsappChatUrl('https://wa.me/233241234567', text);
    expect(url).toBe(
      'https://wa.me/233241234567?text=Hello%20Ama%2C%20I%20found%20your%20Braids%20%26%20Weaves%20service%20on%20Adwuma%3A%20https%3A%2F%2Fadwuma.com.gh%2Fproviders%2Fama-k%3Fx%3D1',
    );
    expect(new URL(url as string).searchParams.get('text')).toBe(text);
  });

  it('keeps Twi letters and emoji through the round trip', () => {
    const text = 'Agoo Kofi, mehunuu wo adwuma wɔ Adwuma so 👋';
    const url = whatsappChatUrl('0241234567', text) as string;
    expect(url.startsWith('https://wa.me/233241234567?text=')).toBe(true);
    expect(url).not.toMatch(/[ ɛɔ]/);
    expect(new URL(url).searchParams.get('text')).toBe(text);
  });

  it('is the bare chat without a message, and null without a number', () => {
    expect(whatsappChatUrl('+233241234567')).toBe('https://wa.me/233241234567');
    expect(whatsappChatUrl('+233241234567', '  ')).toBe('https://wa.me/233241234567');
    expect(whatsappChatUrl(null, 'Hello')).toBeNull();
    expect(whatsappChatUrl('', 'Hello')).toBeNull();
    expect(whatsappChatUrl('not a number', 'Hello')).toBeNull();
  });
});

describe('whatsappShareUrl', () => {
  it('shares the title and the link, no number', () => {
    const url = whatsappShareUrl(
      'Ama Mensah: Hairdresser in Accra | Adwuma',
      'https://adwuma.com.gh/providers/ama-k',
    );
    expect(url).toBe(
      'https://wa.me/?text=Ama%20Mensah%3A%20Hairdresser%20in%20Accra%20%7C%20Adwuma%0Ahttps%3A%2F%2Fadwuma.com.gh%2Fproviders%2Fama-k',
    );
    expect(new URL(url).searchParams.get('text')).toBe(
      'Ama Mensah: Hairdresser in Accra | Adwuma\nhttps://adwuma.com.gh/providers/ama-k',
    );
  });

  it('shares the text alone without a link', () => {
    expect(whatsappShareUrl('Hello & welcome')).toBe('https://wa.me/?text=Hello%20%26%20welcome');
  });
});
