import { describe, expect, it } from 'vitest';
import { formatEpc, formatInteger, formatMoney, formatMoneyPrecise, formatPayout, formatPercent } from './format.ts';

describe('formats (docs/screens.md, docs/limits.md)', () => {
  it('money is US-locale USD', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoneyPrecise(0.0125)).toBe('$0.0125');
    expect(formatMoneyPrecise(1.5)).toBe('$1.50');
  });
  it('EPC always has four decimals, so a column of them lines up', () => {
    expect(formatEpc(2.539)).toBe('$2.5390');
    expect(formatEpc(0.44704)).toBe('$0.4470');
    expect(formatEpc(1234.5)).toBe('$1,234.5000');
    expect(formatEpc(null)).toBe('$0.0000');
  });
  it('CVR has two decimals and a percent sign', () => {
    expect(formatPercent(3.5)).toBe('3.50%');
    expect(formatPercent(0)).toBe('0.00%');
  });
  it('payout reads amount then CPA, or the revenue share', () => {
    expect(formatPayout(5, 'cpa')).toBe('$5.00 CPA');
    expect(formatPayout(8, 'revshare')).toBe('8% Revenue share');
    expect(formatInteger(12345)).toBe('12,345');
  });
});
