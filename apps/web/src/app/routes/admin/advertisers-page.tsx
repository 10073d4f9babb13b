import { ADVERTISER_STATUSES, type AdvertiserStatus } from '@portal/shared/admin/advertisers.constants';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { FilterSelect } from '../../../components/ui/list/filter-controls.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { oneOfFilter, useListFilters } from '../../../components/ui/list/use-list-filters.ts';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { ADVERTISER_COLUMNS } from '../../../features/admin/advertisers/advertiser-columns.tsx';
import { ADVERTISER_STATUS_LABELS } from '../../../features/admin/advertisers/advertiser-labels.ts';
import { useAdvertiserList } from '../../../features/admin/advertisers/advertisers-api.ts';
import {
  LazyAdvertiserDialog,
  type AdvertiserDialog,
} from '../../../features/admin/advertisers/lazy-advertiser-modals.tsx';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { useCanWrite } from '../../../features/admin/use-can-write.ts';

const STATUS_OPTIONS = ADVERTISER_STATUSES.map((s) => ({ value: s, label: ADVERTISER_STATUS_LABELS[s] }));
const FILTERS = { status: oneOfFilter<AdvertiserStatus>(ADVERTISER_STATUSES) };

/** The network's advertisers: search, status (kept in the address), create (docs/operator-console.md "Advertisers"). */
export function Component() {
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const filters = useListFilters(FILTERS);
  const { search, setSearch, filtered } = filters;
  const { status } = filters.filters;
  const [dialog, setDialog] = useState<AdvertiserDialog>(null);
  const list = useAdvertiserList({ search, status });

  return (
    <PageWrapper
      title="Advertisers"
      description="Who pays for the offers: their conversion tokens, pixel secrets and the offers each owns."
      wide
    >
      <ListToolbar
        onSearch={setSearch}
        searchLabel="Search advertisers"
        searchPlaceholder="Name or id"
        list={list}
        {...(canWrite ? { create: { label: 'Create advertiser', onClick: () => setDialog({ kind: 'create' }) } } : {})}
        filters={
          <FilterSelect
            filters={filters}
            name="status"
            label="Status"
            placeholder="All statuses"
            options={STATUS_OPTIONS}
            className="w-full sm:w-44"
          />
        }
      />
      <DataTable
        what="the advertisers"
        label="Advertisers"
        columns={ADVERTISER_COLUMNS}
        rows={list.rows}
        rowKey={(a) => a.id}
        state={list}
        emptyText={filtered ? 'No advertiser matches these filters' : 'No advertisers yet'}
        emptyHint={filtered ? 'Clear the search or the filter to see more.' : 'Create the first one.'}
      />
      <LazyAdvertiserDialog
        dialog={dialog}
        onClose={() => setDialog(null)}
        onCreated={(id) => void navigate(consolePaths.advertiser(id))}
      />
    </PageWrapper>
  );
}
