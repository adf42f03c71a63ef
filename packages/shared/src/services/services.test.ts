import { describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from '../money.ts';
import {
  canChangeServiceStatus,
  formatDuration,
  isServiceVisible,
  priceLabel,
  SERVICE_MESSAGES,
} from './rules.ts';
import { serviceInputSchema, serviceUpdateSchema } from './services.ts';

const valid = {
  title: 'Knotless braids (waist length)',
  category: 'hair-braiding',
  description: 'Neat knotless braids done in my salon at Adum or at your home.',
  price_type: 'from' as const,
  price: 25_000,
  duration_minutes: 300,
  service_areas: ['Adum', 'adum', 'Bantama'],
};

describe('service input', () => {
  it('accepts a complete service, defaulting to draft and dropping duplicate areas', () => {
    const parsed = serviceInputSchema.parse(valid);
    expect(parsed.status).toBe('draft');
    expect(parsed.service_areas).toEqual(['Adum', 'Bantama']);
  });

  it('refuses prices that are not whole pesewas, negative or too large', () => {
    const msg = (price: number) =>
      serviceInputSchema.safeParse({ ...valid, price }).error?.issues[0]?.message;
    expect(msg(10.5)).toBe(MONEY_MESSAGES.invalid);
    expect(msg(-1)).toBe(MONEY_MESSAGES.negative);
    expect(msg(1e12)).toBe(MONEY_MESSAGES.tooLarge);
  });

  it('refuses odd durations, HTML and short titles', () => {
    const msg = (patch: object) =>
      serviceInputSchema.safeParse({ ...valid, ...patch }).error?.issues[0]?.message;
    expect(msg({ duration_minutes: 10 })).toBe(SERVICE_MESSAGES.duration);
    expect(msg({ duration_minutes: 50 })).toBe(SERVICE_MESSAGES.durationStep);
    expect(msg({ title: '<b>Hi</b> there' })).toBe('HTML tags are not allowed');
    expect(msg({ title: 'ab' })).toMatch(/at least 3/);
    expect(msg({ extra: 1 })).toBeDefined();
  });
});

describe('service update', () => {
  it('keeps fields left out as they are (no defaults: an edit never unpublishes)', () => {
    expect(serviceUpdateSchema.parse({ title: 'Box braids' })).toEqual({ title: 'Box braids' });
    expect(serviceUpdateSchema.parse({})).toEqual({});
  });

  it('holds given fields to the same rules', () => {
    expect(serviceUpdateSchema.parse({ service_areas: ['Adum', 'ADUM'] })).toEqual({
      service_areas: ['Adum'],
    });
    expect(serviceUpdateSchema.safeParse({ price: -1 }).error?.issues[0]?.message).toBe(
      MONEY_MESSAGES.negative,
    );
    expect(serviceUpdateSchema.safeParse({ status: 'gone' }).success).toBe(false);
    expect(serviceUpdateSchema.safeParse({ owner: 'x' }).success).toBe(false);
  });
});

describe('service status', () => {
  it('draft → published; published ⇄ paused; anything back to draft', () => {
    expect(canChangeServiceStatus('draft', 'published')).toBe(true);
    expect(canChangeServiceStatus('draft', 'paused')).toBe(false);
    expect(canChangeServiceStatus('published', 'paused')).toBe(true);
    expect(canChangeServiceStatus('paused', 'published')).toBe(true);
    expect(canChangeServiceStatus('paused', 'draft')).toBe(true);
    expect(canChangeServiceStatus('published', 'draft')).toBe(true);
  });

  it('only published services are visible', () => {
    expect(isServiceVisible('published')).toBe(true);
    expect(isServiceVisible('draft')).toBe(false);
    expect(isServiceVisible('paused')).toBe(false);
  });
});

describe('labels', () => {
  it('price lines and durations', () => {
    expect(priceLabel('hourly', 'GH₵ 150')).toBe('GH₵ 150 / hour');
    expect(priceLabel('from', 'GH₵ 80')).toBe('From GH₵ 80');
    expect(priceLabel('fixed', 'GH₵ 300')).toBe('GH₵ 300');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(2880)).toBe('2 days');
  });

  it('durations in Twi (issue 21): the unit first', () => {
    expect(formatDuration(45, 'ak')).toBe('simma 45');
    expect(formatDuration(120, 'ak')).toBe('dɔnhwere 2');
    expect(formatDuration(90, 'ak')).toBe('dɔnhwere 1 simma 30');
    expect(formatDuration(1440, 'ak')).toBe('da 1');
    expect(formatDuration(2880, 'ak')).toBe('nna 2');
  });
});
