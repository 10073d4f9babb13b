import { describe, expect, it } from 'vitest';
import { looksSecret, maskedValue } from './secret-values.ts';

describe('looksSecret', () => {
  it('flags well-known credential shapes and long random runs', () => {
    for (const v of [
      'sk_live_51HxYzAbCdEf',
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'ppk_k3v9x2qa_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
      'xoxb-1234-5678-abcdef',
      'AKIAIOSFODNN7EXAMPLE',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
      '3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c',
      'Xy7kQ2mN9pL4rT6vW8zB1cD3',
      'k3v9x2qa8d7f6g5h4j3k2m1n',
    ])
      expect(looksSecret(v), v).toBe(true);
  });

  it('leaves our ids, numbers, words and slugs readable', () => {
    for (const v of [
      '01a21148-acc5-7b8b-b7bf-b6c3aec96fec',
      '01a21148-acf1-738b-9a1f-2a2a966356ae.12',
      '12.5',
      '1234567890123456789012',
      'by-hand',
      'summer-sale-2026-campaign',
      'newsletter_subscribers_2026',
      'deadbeef',
      'T0123ABCD',
      '2026-11-22T10:00:00Z',
      'abcdefghijklmnopqrstuvwxyz',
    ])
      expect(looksSecret(v), v).toBe(false);
  });

  it('shows the first four characters of a masked value', () => {
    expect(maskedValue('Xy7kQ2mN9pL4rT6vW8zB1cD3')).toBe('Xy7k***');
  });
});
