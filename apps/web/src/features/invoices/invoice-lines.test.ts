import { describe, expect, it } from 'vitest';
import { lineLabel } from './invoice-lines.ts';

describe('invoice line labels', () => {
  it('names an offer line by its offer, untagged', () => {
    expect(lineLabel({ kind: 'offer', name: 'Northwind Summer Sale' })).toEqual({
      name: 'Northwind Summer Sale',
      tag: null,
    });
  });

  it('names a referral line by the referred publisher and tags it', () => {
    expect(lineLabel({ kind: 'referral', name: 'Referral commission: Second Wave Media' })).toEqual({
      name: 'Second Wave Media',
      tag: 'Referral commission',
    });
    expect(lineLabel({ kind: 'referral', name: 'Commission for Acme' })).toEqual({
      name: 'Commission for Acme',
      tag: 'Referral commission',
    });
    // Nothing left after the prefix: the server's name as it is.
    expect(lineLabel({ kind: 'referral', name: 'Referral commission: ' }).name).toBe('Referral commission: ');
  });
});
