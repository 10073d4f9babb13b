import type { CampaignRow, CampaignTableSort } from '@portal/shared/offers/offers.schemas';
import ExternalLink from 'lucide-react/icons/external-link';
import { useState } from 'react';
import { Link } from 'react-router';
import { LazyDateRangePicker } from '../../../components/ui/date-range/lazy-date-range-picker.tsx';
import { formatPeriod, presetRange, type DayRange } from '../../../components/ui/date-range/date-range.ts';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { nextSort, type SortState } from '../../../components/ui/list/sort.ts';
import type { Column } from '../../../components/ui/list/types.ts';
import { OfferStatusBadge } from '../../../components/ui/status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { formatEpc, formatInteger, formatMoney, formatPayout } from '../../../lib/format.ts';
import { useCampaignTable } from '../api/get-campaign-table.ts';

const COLUMNS: Column<CampaignRow>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    primary: true,
    width: '34%',
    cell: (r) => (
      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <Link to={paths.offer(r.offer_id)} className="truncate font-medium text-accent hover:underline">
          {r.name}
        </Link>
        {r.status !== 'active' ? <OfferStatusBadge status={r.status} /> : null}
      </span>
    ),
  },
  {
    id: 'payout',
    header: 'Payout',
    sortKey: 'payout',
    align: 'right',
    width: '12rem',
    cell: (r) => <span className="whitespace-nowrap">{formatPayout(r.payout, r.payout_type)}</span>,
  },
  // Both counts, as the reports name them: EPC is earnings over Clicks (every click), so the row
  // shows the figure it is computed from beside the unique ones (docs/screens.md).
  { id: 'clicks', header: 'Clicks', sortKey: 'clicks', align: 'right', cell: (r) => formatInteger(r.clicks) },
  {
    id: 'clicks_unique',
    header: 'Unique clicks',
    sortKey: 'clicks_unique',
    align: 'right',
    cell: (r) => formatInteger(r.clicks_unique),
  },
  { id: 'epc', header: 'EPC', sortKey: 'epc', align: 'right', cell: (r) => formatEpc(r.epc) },
  { id: 'earnings', header: 'Earnings', sortKey: 'earnings', align: 'right', cell: (r) => formatMoney(r.earnings) },
  {
    id: 'preview',
    header: 'Preview',
    align: 'right',
    width: '8rem',
    cell: (r) =>
      r.preview_url ? (
        <a
          href={r.preview_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-accent hover:underline"
          aria-label={`Preview ${r.name} (opens in a new tab)`}
        >
          Preview <ExternalLink size={14} aria-hidden="true" />
        </a>
      ) : (
        <span className="text-slate-400" aria-label="No preview">
          —
        </span>
      ),
  },
];

/** My Offers (docs/screens.md): the offers the publisher may run, with their numbers over a date range. */
export function MyOffersList({ timeZone }: { timeZone: string }) {
  const [range, setRange] = useState<DayRange | null>(() => presetRange('today', timeZone));
  const [sort, setSort] = useState<SortState<CampaignTableSort>>({ sort: 'name', order: 1 });
  const [search, setSearch] = useState('');
  const list = useCampaignTable({ dateRange: range, sort: sort.sort, order: sort.order, search });

  return (
    <>
      <ListToolbar
        onSearch={setSearch}
        searchLabel="Search offers"
        searchPlaceholder="Search offers"
        list={list}
        filterSummary={formatPeriod(range ?? presetRange('today', timeZone), timeZone)}
        filters={<LazyDateRangePicker value={range} onChange={setRange} timeZone={timeZone} label="Date range" />}
      />
      <DataTable
        what="your offers"
        label="My offers"
        columns={COLUMNS}
        rows={list.rows}
        rowKey={(r) => r.offer_id}
        state={list}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key as CampaignTableSort))}
        emptyText="No results found"
        emptyHint={search ? 'No offer matches your search.' : undefined}
      />
    </>
  );
}
