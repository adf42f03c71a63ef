import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money.ts';

describe('money in minor units', () => {
  it('parses what people type into pesewas without floating point', () => {
    expect(parseMoney('150')).toBe(15_000);
    expect(parseMoney('150.5')).toBe(15_050);
    expect(parseMoney('0.10')).toBe(10);
    expect(parseMoney('1,250.99')).toBe(125_099);
    expect(parseMoney(' GH₵ 80 ')).toBe(8_000);
    expect(parseMoney('19.99')).toBe(1_999);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '12..3', '1,2,3']) expect(parseMoney(bad)).toBeNull();
  });

  it('formats with the cedi sign and thousands separators', () => {
    expect(formatMoney(125_050)).toBe('GH₵ 1,250.50');
    expect(formatMoney(8_000, 'GHS', { compact: true })).toBe('GH₵ 80');
    expect(formatMoney(8_050, 'GHS', { compact: true })).toBe('GH₵ 80.50');
    expect(formatMoney(1_200, 'USD')).toBe('$12.00');
    expect(formatMoney(0)).toBe('GH₵ 0.00');
    expect(() => formatMoney(1.5)).toThrow();
  });
});
