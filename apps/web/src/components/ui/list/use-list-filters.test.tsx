// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { dayRangeFilter, idFilter, oneOfFilter, useListFilters } from './use-list-filters.ts';

afterEach(cleanup);

const FILTERS = { status: oneOfFilter(['pending', 'active'] as const), owner: idFilter, date: dayRangeFilter };

/** The hook on a page at `address`, and the address as the router has it after each change. */
function onPage(address: string) {
  let location = '';
  const { result } = renderHook(
    () => {
      const l = useLocation();
      location = `${l.pathname}${l.search}`;
      return useListFilters(FILTERS);
    },
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <RouterProvider
          router={createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [address] })}
        />
      ),
    },
  );
  return { result, location: () => decodeURIComponent(location) };
}

describe("a list's filters in the address", () => {
  it('reads each filter from the query string, anything unknown as no filter', () => {
    const { result } = onPage('/list?status=active&owner=12&date=2026-11-01..2026-11-30');
    expect(result.current.filters).toEqual({
      status: 'active',
      owner: 12,
      date: { start: '2026-11-01', end: '2026-11-30' },
    });
    expect(result.current.filtered).toBe(true);
    const odd = onPage('/list?status=deleted&owner=-3&date=2026-11-30..2026-11-01');
    expect(odd.result.current.filters).toEqual({ status: null, owner: null, date: null });
    expect(odd.result.current.filtered).toBe(false);
  });

  it("writes a value or a control's text back, keeps the other parameters, and clears with '' or null", () => {
    const { result, location } = onPage('/list?tab=x');
    act(() => result.current.setFilter('status', 'pending'));
    act(() => result.current.setFilter('owner', '7'));
    act(() => result.current.setFilter('date', { start: '2026-01-01', end: '2026-01-31' }));
    expect(location()).toBe('/list?tab=x&status=pending&owner=7&date=2026-01-01..2026-01-31');
    expect(result.current.filters.owner).toBe(7);
    act(() => result.current.setFilter('status', ''));
    act(() => result.current.setFilter('date', null));
    act(() => result.current.setFilter('owner', 'not-an-id'));
    expect(location()).toBe('/list?tab=x');
    expect(result.current.filtered).toBe(false);
  });

  it('counts the search as a filter, kept as typed', () => {
    const { result, location } = onPage('/list');
    act(() => result.current.setSearch('north'));
    expect(result.current.search).toBe('north');
    expect(result.current.filtered).toBe(true);
    expect(location()).toBe('/list');
  });
});
