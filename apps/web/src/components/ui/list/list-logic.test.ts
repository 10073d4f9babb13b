import { describe, expect, it } from 'vitest';
import { SKELETON_DELAY_MS, SLOW_LOAD_MESSAGE_MS } from '@portal/shared/constants';
import { ariaSort, nextSort } from './sort.ts';
import { loadingDisplay, resultCount } from './loading-display.ts';

describe('sort toggling (docs/screens.md)', () => {
  it('flips the active column and starts a new one ascending', () => {
    expect(nextSort({ sort: 'name', order: 1 }, 'name')).toEqual({ sort: 'name', order: -1 });
    expect(nextSort({ sort: 'name', order: -1 }, 'name')).toEqual({ sort: 'name', order: 1 });
    expect(nextSort({ sort: 'name', order: -1 }, 'payout')).toEqual({ sort: 'payout', order: 1 });
    expect(nextSort({ sort: 'timestamp', order: -1 }, 'offer_name')).toEqual({ sort: 'offer_name', order: 1 });
  });

  it('marks only the active column for assistive technology', () => {
    expect(ariaSort({ sort: 'name', order: 1 }, 'name')).toBe('ascending');
    expect(ariaSort({ sort: 'name', order: -1 }, 'name')).toBe('descending');
    expect(ariaSort({ sort: 'name', order: 1 }, 'payout')).toBe('none');
    expect(ariaSort({ sort: 'name', order: 1 }, undefined)).toBeUndefined();
  });
});

describe('loading display (docs/screens.md, docs/limits.md)', () => {
  const reload = { loading: true, initial: false, loadingMore: false, hasRows: true };
  it('shows the skeleton on a reload only after 1.5 s', () => {
    expect(loadingDisplay({ ...reload, elapsedMs: SKELETON_DELAY_MS - 1 }).skeleton).toBe(false);
    expect(loadingDisplay({ ...reload, elapsedMs: SKELETON_DELAY_MS }).skeleton).toBe(true);
  });
  it('never during the first load or while more rows load', () => {
    expect(loadingDisplay({ ...reload, initial: true, elapsedMs: 5000 }).skeleton).toBe(false);
    expect(loadingDisplay({ ...reload, loadingMore: true, elapsedMs: 5000 }).skeleton).toBe(false);
  });
  it('shows the slow-load message after 9.5 s of any load, and nothing once loading ends', () => {
    expect(loadingDisplay({ ...reload, initial: true, elapsedMs: SLOW_LOAD_MESSAGE_MS - 1 }).slowMessage).toBe(false);
    expect(loadingDisplay({ ...reload, initial: true, elapsedMs: SLOW_LOAD_MESSAGE_MS }).slowMessage).toBe(true);
    expect(loadingDisplay({ ...reload, loading: false, elapsedMs: 20_000 })).toEqual({
      skeleton: false,
      slowMessage: false,
      placeholder: false,
    });
  });
  it('shows placeholder rows from the start of a load with nothing on screen (never an empty body)', () => {
    const first = { ...reload, initial: true, hasRows: false, elapsedMs: 0 };
    expect(loadingDisplay(first).placeholder).toBe(true);
    expect(loadingDisplay({ ...first, initial: false }).placeholder).toBe(true);
    expect(loadingDisplay({ ...reload, elapsedMs: 0 }).placeholder).toBe(false);
    expect(loadingDisplay({ ...first, loading: false }).placeholder).toBe(false);
  });
});

describe('result count (docs/screens.md)', () => {
  it('reads N result / N results, with + while pages remain', () => {
    expect(resultCount(1, false)).toBe('1 result');
    expect(resultCount(2, false)).toBe('2 results');
    expect(resultCount(20, true)).toBe('20+ results');
  });
});
