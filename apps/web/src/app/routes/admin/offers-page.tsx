import { OFFER_STATUSES, type OfferStatus } from '@portal/shared/constants';
import {
  OFFER_STATUS_LABELS,
  OFFER_VISIBILITIES,
  OFFER_VISIBILITY_LABELS,
  type OfferVisibility,
} from '@portal/shared/offers/offers.constants';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { FilterSelect } from '../../../components/ui/list/filter-controls.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { idFilter, oneOfFilter, useListFilters } from '../../../components/ui/list/use-list-filters.ts';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { OFFER_COLUMNS } from '../../../features/admin/offers/offer-columns.tsx';
import { useAdminOffers, useOfferAdvertisers } from '../../../features/admin/offers/offers-api.ts';

const STATUS_OPTIONS = OFFER_STATUSES.map((s) => ({ value: s, label: OFFER_STATUS_LABELS[s] }));
const VISIBILITY_OPTIONS = OFFER_VISIBILITIES.map((v) => ({ value: v, label: OFFER_VISIBILITY_LABELS[v] }));
const FILTERS = {
  status: oneOfFilter<OfferStatus>(OFFER_STATUSES),
  advertiser: idFilter,
  visibility: oneOfFilter<OfferVisibility>(OFFER_VISIBILITIES),
};

/**
 * Every offer of the network: search by name or id, filter by status, advertiser and visibility,
 * the filters kept in the address (`?status=active&advertiser=2&visibility=private`;
 * docs/operator-console.md).
 */
export function Component() {
  const navigate = useNavigate();
  const { data: me } = useOperatorMe();
  const filters = useListFilters(FILTERS);
  const { search, setSearch, filtered } = filters;
  const { status, advertiser: advertiserId, visibility } = filters.filters;
  const advertisers = useOfferAdvertisers();
  const list = useAdminOffers({ search, status, advertiserId, visibility });

  return (
    <PageWrapper title="Offers" description="The network's offers: what publishers see and run." wide>
      <ListToolbar
        onSearch={setSearch}
        searchLabel="Search offers"
        searchPlaceholder="Name or ID"
        list={list}
        {...(me && me.role !== 'viewer'
          ? { create: { label: 'New offer', onClick: () => void navigate(consolePaths.offerNew) } }
          : {})}
        filters={
          <>
            <FilterSelect
              filters={filters}
              name="status"
              label="Status"
              placeholder="All statuses"
              options={STATUS_OPTIONS}
              className="w-full sm:w-44"
            />
            <FilterSelect
              filters={filters}
              name="advertiser"
              label="Advertiser"
              placeholder="All advertisers"
              options={(advertisers.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              className="w-full sm:w-56"
            />
            <FilterSelect
              filters={filters}
              name="visibility"
              label="Visibility"
              placeholder="All visibilities"
              options={VISIBILITY_OPTIONS}
              className="w-full sm:w-48"
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
