import { OFFER_STATUSES, type OfferStatus } from '@portal/shared/constants';
import { OFFER_STATUS_LABELS } from '@portal/shared/offers/offers.constants';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SelectField } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { OFFER_COLUMNS } from '../../../features/admin/offers/offer-columns.tsx';
import { useAdminOffers, useOfferAdvertisers } from '../../../features/admin/offers/offers-api.ts';

const STATUS_OPTIONS = OFFER_STATUSES.map((s) => ({ value: s, label: OFFER_STATUS_LABELS[s] }));

/** Every offer of the network: search by name or id, filter by status and advertiser (docs/operator-console.md). */
export function Component() {
  const navigate = useNavigate();
  const { data: me } = useOperatorMe();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OfferStatus | null>(null);
  const [advertiserId, setAdvertiserId] = useState<number | null>(null);
  const advertisers = useOfferAdvertisers();
  const list = useAdminOffers({ search, status, advertiserId });
  const filtered = search !== '' || status !== null || advertiserId !== null;

  return (
    <PageWrapper title="Offers" description="The network's offers: what publishers see and run." wide>
      <ListToolbar
        onSearch={setSearch}
        searchLabel="Search offers"
        searchPlaceholder="Name or ID"
        count={list.rows.length > 0 ? { loaded: list.rows.length, more: list.hasMore } : null}
        onRefresh={list.refresh}
        refreshing={list.refreshing}
        {...(me && me.role !== 'viewer'
          ? { create: { label: 'New offer', onClick: () => void navigate(consolePaths.offerNew) } }
          : {})}
        filters={
          <>
            <SelectField
              label="Status"
              containerClassName="w-full sm:w-44"
              placeholder="All statuses"
              options={STATUS_OPTIONS}
              value={status ?? ''}
              onChange={(e) => setStatus((e.target.value || null) as OfferStatus | null)}
            />
            <SelectField
              label="Advertiser"
              containerClassName="w-full sm:w-56"
              placeholder="All advertisers"
              options={(advertisers.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              value={advertiserId === null ? '' : String(advertiserId)}
              onChange={(e) => setAdvertiserId(e.target.value ? Number(e.target.value) : null)}
            />
          </>
        }
      />
      <DataTable
        what="the offers"
        label="Offers"
        columns={OFFER_COLUMNS}
        rows={list.rows}
        rowKey={(o) => o.id}
        state={list}
        emptyText={filtered ? 'No offer matches' : 'No offers yet'}
        emptyHint={filtered ? 'Clear the search or a filter to see more.' : 'Create the first offer with New offer.'}
      />
    </PageWrapper>
  );
}
