import {
  PUBLISHER_STATUS_LABELS,
  PUBLISHER_STATUSES,
  type PublisherStatus,
} from '@portal/shared/admin/publishers.constants';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SelectField } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { nextSort, type SortState } from '../../../components/ui/list/sort.ts';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { PUBLISHER_COLUMNS } from '../../../features/admin/publishers/publisher-columns.tsx';
import { usePublisherList } from '../../../features/admin/publishers/publishers-api.ts';

const STATUS_OPTIONS = PUBLISHER_STATUSES.map((s) => ({ value: s, label: PUBLISHER_STATUS_LABELS[s] }));
const statusOf = (v: string | null): PublisherStatus | null =>
  (PUBLISHER_STATUSES as readonly string[]).includes(v ?? '') ? (v as PublisherStatus) : null;

/** Every publisher account: search, status filter (kept in the address: `?status=pending`), newest first. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<'created_at' | 'name'>>({ sort: 'created_at', order: -1 });
  const list = usePublisherList({ status, search, ...sort });
  const filtered = status !== null || search !== '';

  const setStatus = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set('status', value);
        else next.delete('status');
        return next;
      },
      { replace: true },
    );

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
        count={list.rows.length > 0 ? { loaded: list.rows.length, more: list.hasMore } : null}
        onRefresh={list.refresh}
        refreshing={list.refreshing}
        filters={
          <SelectField
            label="Status"
            containerClassName="w-full sm:w-44"
            placeholder="All statuses"
            options={STATUS_OPTIONS}
            value={status ?? ''}
            onChange={(e) => setStatus(e.target.value)}
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
