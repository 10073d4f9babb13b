import { describe, expect, test } from 'vitest';
import { brandForHost, BRANDS, DEFAULT_BRAND } from './brands.ts';

describe('branding by host name', () => {
  test('a brand name in the host picks that brand', () => {
    expect(brandForHost('northwind.test').productName).toBe('Northwind Partners');
    expect(brandForHost('portal.bluepeak.test').productName).toBe('Bluepeak Affiliates');
    expect(brandForHost('ORCHARD.test').key).toBe('orchard');
    expect(brandForHost('partners.lumen.example.com').key).toBe('lumen');
  });
  test('any other host gets the default', () => {
    expect(brandForHost('localhost')).toBe(DEFAULT_BRAND);
    expect(brandForHost('portal.example.com')).toBe(DEFAULT_BRAND);
  });
  test('four white-label brands, each accent dark enough for white text (WCAG AA 4.5:1)', () => {
    expect(BRANDS).toHaveLength(4);
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const b of [...BRANDS, DEFAULT_BRAND]) {
      expect(1.05 / (lum(b.accent) + 0.05), b.key).toBeGreaterThanOrEqual(4.5);
    }
  });
});
