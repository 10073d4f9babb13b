import { describe, expect, test } from 'vitest';
import { pageTitle } from './title.ts';

describe('page title rule (docs/screens.md)', () => {
  test('title followed by " / " and the product name', () => {
    expect(pageTitle('Publisher Portal', 'Dashboard')).toBe('Dashboard / Publisher Portal');
    expect(pageTitle('Northwind Partners', 'Invoice #7')).toBe('Invoice #7 / Northwind Partners');
  });
  test('no title: the product name alone', () => {
    expect(pageTitle('Publisher Portal')).toBe('Publisher Portal');
    expect(pageTitle('Publisher Portal', '')).toBe('Publisher Portal');
    expect(pageTitle('Publisher Portal', '   ')).toBe('Publisher Portal');
    expect(pageTitle('Publisher Portal', null)).toBe('Publisher Portal');
  });
});
