import { describe, expect, it } from 'vitest';
import { bulkOutcome, EMPTY_SELECTION, pageState, toggleOne, togglePage } from './conversion-selection.ts';

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `c${from + i}`);

describe('selecting conversions for a bulk change (docs/operator-console.md)', () => {
  it('ticks and clears one row', () => {
    const one = toggleOne(EMPTY_SELECTION, 'a');
    expect(one).toEqual({ ids: ['a'], capped: false });
    expect(toggleOne(one, 'a')).toEqual({ ids: [], capped: false });
  });

  it('refuses a tick past the limit and says so', () => {
    const full = { ids: ids(3), capped: false };
    expect(toggleOne(full, 'x', 3)).toEqual({ ids: ids(3), capped: true });
    expect(toggleOne(full, 'c1', 3)).toEqual({ ids: ['c0', 'c2'], capped: false });
  });

  it('selects every row shown, then clears them; the header box shows none, some or all', () => {
    const shown = ids(4);
    expect(pageState(EMPTY_SELECTION, shown)).toBe('none');
    const some = toggleOne(EMPTY_SELECTION, 'c2');
    expect(pageState(some, shown)).toBe('some');
    const all = togglePage(some, shown);
    expect(all.ids).toEqual(['c2', 'c0', 'c1', 'c3']);
    expect(pageState(all, shown)).toBe('all');
    expect(togglePage(all, shown)).toEqual({ ids: [], capped: false });
  });

  it('selects at most the limit of a longer list, the first rows, and says the rest were left', () => {
    const shown = ids(1005);
    const s = togglePage(EMPTY_SELECTION, shown);
    expect(s.ids).toHaveLength(1000);
    expect(s.ids.at(-1)).toBe('c999');
    expect(s.capped).toBe(true);
    expect(pageState(s, shown)).toBe('all');
    expect(togglePage(s, shown).ids).toEqual([]);
  });

  it('says what a bulk change did and why the others did not change', () => {
    const out = bulkOutcome('approved', {
      counts: { changed: 2, unchanged: 1, unknown: 0, not_allowed: 2 },
      results: [
        { id: 'a', outcome: 'changed', previous_status: 'pending', status: 'approved', message: null },
        { id: 'b', outcome: 'changed', previous_status: 'pending', status: 'approved', message: null },
        { id: 'c', outcome: 'unchanged', previous_status: 'approved', status: 'approved', message: null },
        { id: 'd', outcome: 'not_allowed', previous_status: 'reversed', status: 'reversed', message: 'Final.' },
        { id: 'e', outcome: 'not_allowed', previous_status: 'reversed', status: 'reversed', message: 'Final.' },
      ],
    });
    expect(out).toEqual({
      headline: '2 conversions approved.',
      lines: ['1 conversion already approved.', '2 conversions not allowed: Final.'],
    });
    expect(
      bulkOutcome('rejected', { counts: { changed: 1, unchanged: 0, unknown: 0, not_allowed: 0 }, results: [] }),
    ).toEqual({ headline: '1 conversion rejected.', lines: [] });
  });
});
