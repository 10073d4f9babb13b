import { OFFER_STATUSES, type OfferStatus } from '@portal/shared/constants';
import {
  OFFER_STATUS_LABELS,
  OFFER_VISIBILITIES,
  OFFER_VISIBILITY_LABELS,
  type OfferVisibility,
} from '@portal/shared/offers/offers.constants';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SelectField } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { OFFER_COLUMNS } from '../../../features/admin/offers/offer-columns.tsx';
import { useAdminOffers, useOfferAdvertisers } from '../../../features/admin/offers/offers-api.ts';

const STATUS_OPTIONS = OFFER_STATUSES.map((s) => ({ value: s, label: OFFER_STATUS_LABELS[s] }));
const VISIBILITY_OPTIONS = OFFER_VISIBILITIES.map((v) => ({ value: v, label: OFFER_VISIBILITY_LABELS[v] }));
const oneOf = <T extends string>(values: readonly T[], v: string | null): T | null =>
  (values as readonly string[]).includes(v ?? '') ? (v as T) : null;
const idOf = (v: string | null) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null);

/**
 * Every offer of the network: search by name or id, filter by status, advertiser and visibility,
 * the filters kept in the address (`?status=active&advertiser=2&visibility=private`;
 * docs/operator-console.md).
 */
export function Component() {
  const navigate = useNavigate();
  const { data: me } = useOperatorMe();
  const [params, setParams] = useSearchParams();
  const status = oneOf<OfferStatus>(OFFER_STATUSES, params.get('status'));
  const visibility = oneOf<OfferVisibility>(OFFER_VISIBILITIES, params.get('visibility'));
  const advertiserId = idOf(params.get('advertiser'));
  const [search, setSearch] = useState('');
  const advertisers = useOfferAdvertisers();
  const list = useAdminOffers({ search, status, advertiserId, visibility });
  const filtered = search !== '' || status !== null || advertiserId !== null || visibility !== null;
  const setParam = (key: 'status' | 'advertiser' | 'visibility', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

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
              onChange={(e) => setParam('status', e.target.value)}
            />
            <SelectField
              label="Advertiser"
              containerClassName="w-full sm:w-56"
              placeholder="All advertisers"
              options={(advertisers.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              value={advertiserId === null ? '' : String(advertiserId)}
              onChange={(e) => setParam('advertiser', e.target.value)}
            />
            <SelectField
              label="Visibility"
              containerClassName="w-full sm:w-48"
              placeholder="All visibilities"
              options={VISIBILITY_OPTIONS}
              value={visibility ?? ''}
              onChange={(e) => setParam('visibility', e.target.value)}
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
