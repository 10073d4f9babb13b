import {
  PUBLISHER_STATUS_LABELS,
  PUBLISHER_STATUSES,
  type PublisherStatus,
} from '@portal/shared/admin/publishers.constants';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { FilterSelect } from '../../../components/ui/list/filter-controls.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { nextSort, type SortState } from '../../../components/ui/list/sort.ts';
import { oneOfFilter, useListFilters } from '../../../components/ui/list/use-list-filters.ts';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { PUBLISHER_COLUMNS } from '../../../features/admin/publishers/publisher-columns.tsx';
import { usePublisherList } from '../../../features/admin/publishers/publishers-api.ts';

const STATUS_OPTIONS = PUBLISHER_STATUSES.map((s) => ({ value: s, label: PUBLISHER_STATUS_LABELS[s] }));
const FILTERS = { status: oneOfFilter<PublisherStatus>(PUBLISHER_STATUSES) };

/** Every publisher account: search, status filter (kept in the address: `?status=pending`), newest first. */
export function Component() {
  const filters = useListFilters(FILTERS);
  const { search, setSearch, filtered } = filters;
  const { status } = filters.filters;
  const [sort, setSort] = useState<SortState<'created_at' | 'name'>>({ sort: 'created_at', order: -1 });
  const list = usePublisherList({ status, search, ...sort });

  return (
    <PageWrapper
      title="Publishers"
      description="Every publisher account: approve sign-ups, change a status, look at an account."
      wide
    >
      <ListToolbar
        onSearch={setSearch}
        searchLabel="Search publishers"
        searchPlaceholder="Name or e-mail"
        list={list}
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
        what="the publishers"
        label="Publishers"
        columns={PUBLISHER_COLUMNS}
        rows={list.rows}
        rowKey={(p) => p.id}
        state={list}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key as 'created_at' | 'name'))}
        emptyText={filtered ? 'No publisher matches these filters' : 'No publishers yet'}
        emptyHint={filtered ? 'Clear the search or the status to see more.' : 'Sign-ups appear here.'}
      />
    </PageWrapper>
  );
}
