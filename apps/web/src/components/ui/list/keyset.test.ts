import { describe, expect, it, vi } from 'vitest';
import { keysetOptions, pageRequest } from './keyset.ts';

describe('paging by keyset', () => {
  const query = { filters: { status: 'active' }, limit: 20, sort: 'name', order: 1 as const, search: null };

  it('sends the query as it is for the first page, with the cursor for the next ones', () => {
    expect(pageRequest(query, null)).toEqual(query);
    expect(pageRequest(query, 'c2')).toEqual({ ...query, cursor: 'c2' });
    expect(query).not.toHaveProperty('cursor');
  });

  it("pages a select's options from a list call: the search in the query, the answer's next cursor", async () => {
    const fetch = vi.fn(async () => ({ data: [{ id: 3, name: 'Nord' }], cursor: { next: 'c9' } }));
    const load = keysetOptions(
      (search) => ({ ...query, search: search || null }),
      fetch,
      (row: { id: number; name: string }) => ({ value: String(row.id), label: row.name }),
    );
    const signal = new AbortController().signal;
    await expect(load({ search: 'no', cursor: 'c1', signal })).resolves.toEqual({
      options: [{ value: '3', label: 'Nord' }],
      next: 'c9',
    });
    expect(fetch).toHaveBeenCalledWith({ ...query, search: 'no', cursor: 'c1' }, signal);
  });
});
