// @vitest-environment jsdom
import type { Invoice } from '@portal/shared/invoices/invoices.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LatestInvoices } from './latest-invoices.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const invoice = (id: number, month: string, total: number, status: Invoice['status']): Invoice => ({
  id,
  date_range_start: `${month}-01`,
  date_range_end: `${month}-28`,
  payout_total: total,
  status,
  created_at: '2026-11-01T00:00:00.000Z',
  paid_at: null,
  payment_method: null,
  payment_reference: null,
});

function setup(answer: () => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LatestInvoices />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

describe('LatestInvoices (the dashboard panel)', () => {
  it('asks for the five newest invoices and lists them: period, total, status colour, link', async () => {
    const fetchMock = setup(() =>
      json({
        data: [
          invoice(13, '2026-10', 3055.6781, 'generated'),
          invoice(7, '2026-09', 2451.6, 'request_payment'),
          invoice(2, '2026-08', 633.88, 'processing'),
          invoice(1, '2026-07', 67, 'paid'),
        ],
        cursor: { next: null },
      }),
    );
    const links = await screen.findAllByRole('link', { name: /^\$/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/invoices/13',
      '/invoices/7',
      '/invoices/2',
      '/invoices/1',
    ]);
    expect(links[0]!.textContent).toContain('$3,055.68');
    expect(links[0]!.textContent).toMatch(/2026-10-01 →\s*to 2026-10-28/);

    const statusOf = (link: HTMLElement, label: string) => within(link).getByText(label).parentElement!;
    expect(statusOf(links[0]!, 'Generated').className).toMatch(/amber/);
    expect(statusOf(links[1]!, 'Payment requested').className).toMatch(/amber/);
    expect(statusOf(links[2]!, 'Processing').className).toMatch(/amber/);
    expect(statusOf(links[3]!, 'Paid').className).toMatch(/green/);

    expect(screen.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/invoices');
    expect(screen.getByRole('heading', { name: 'Latest invoices' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/invoice-list');
    expect(JSON.parse(String(init.body))).toEqual({
      filters: { date_range: null },
      limit: 5,
      sort: 'date_range_start',
      order: -1,
    });
  });

  it("reads 'No invoices yet' when there are none", async () => {
    setup(() => json({ data: [], cursor: { next: null } }));
    await screen.findByText('No invoices yet');
    expect(screen.getByRole('link', { name: 'View all' })).toBeTruthy();
  });

  it('says so when they cannot be loaded (never "No invoices yet"), and loads them again on Try again', async () => {
    let fail = true;
    const fetchMock = setup(() =>
      fail
        ? Promise.resolve(new Response('{}', { status: 500 }))
        : json({ data: [invoice(9, '2026-10', 12.5, 'paid')], cursor: { next: null } }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your latest invoices.');
    expect(alert.textContent).toContain('Request failed with status code 500.');
    expect(screen.queryByText('No invoices yet')).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('$12.50');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
