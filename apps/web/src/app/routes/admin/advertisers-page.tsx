import { ADVERTISER_STATUSES, type AdvertiserStatus } from '@portal/shared/admin/advertisers.constants';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SelectField } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
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

/** The network's advertisers: search, status, create (docs/operator-console.md "Advertisers"). */
export function Component() {
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AdvertiserStatus | null>(null);
  const [dialog, setDialog] = useState<AdvertiserDialog>(null);
  const list = useAdvertiserList({ search, status });
  const filtered = search !== '' || status !== null;

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
        count={list.rows.length > 0 ? { loaded: list.rows.length, more: list.hasMore } : null}
        onRefresh={list.refresh}
        refreshing={list.refreshing}
        {...(canWrite ? { create: { label: 'Create advertiser', onClick: () => setDialog({ kind: 'create' }) } } : {})}
        filters={
          <SelectField
            label="Status"
            containerClassName="w-full sm:w-44"
            placeholder="All statuses"
            options={STATUS_OPTIONS}
            value={status ?? ''}
            onChange={(e) => setStatus((e.target.value || null) as AdvertiserStatus | null)}
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
