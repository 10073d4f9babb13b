import type { Postback, PostbackTableSort } from '@portal/shared/postbacks/postbacks.schemas';
import { PAGE_SIZE } from '@portal/shared/constants';
import ScrollText from 'lucide-react/icons/scroll-text';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { nextSort, type SortState } from '../../../components/ui/list/sort.ts';
import { Select } from '../../../components/ui/select/select.tsx';
import { getOfferOptions } from '../../../lib/offer-options.ts';
import { useGlobalPostbackTable, type GlobalPostbackQuery } from '../api/get-postback-table.ts';
import { globalPostbackColumns } from './postback-columns.tsx';
import { LazyPostbackModal } from './lazy-modals.tsx';
import type { PostbackModalTarget } from './postback-modal.tsx';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** Global Pixels And Postbacks (docs/screens.md): every pixel and postback, filtered by status and offer. */
export function GlobalPostbacksList({
  timeZone,
  deliveries: drawDeliveries,
}: {
  /** The user's time zone. */
  timeZone: string;
  /**
   * A postback's deliveries, or every postback's (`'all'`, deleted ones' too), drawn by the page
   * (another feature's screen) while one is chosen.
   */
  deliveries: (postback: Postback | 'all', onClose: () => void) => React.ReactNode;
}) {
  const [status, setStatus] = useState<GlobalPostbackQuery['status']>('active');
  const [offer, setOffer] = useState<{ id: number; label: string } | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<PostbackTableSort>>({ sort: 'postback_id', order: 1 });
  const list = useGlobalPostbackTable({
    status,
    offerId: offer?.id ?? null,
    search,
    sort: sort.sort,
    order: sort.order,
  });
  const [modal, setModal] = useState<PostbackModalTarget | null>(null);
  const [deliveries, setDeliveries] = useState<Postback | 'all' | null>(null);
  const columns = useMemo(
    () =>
      globalPostbackColumns({
        onEdit: (p) => setModal({ mode: 'edit', postbackId: p.postback_id }),
        onDeliveries: setDeliveries,
        timeZone,
      }),
    [timeZone],
  );

  return (
    <>
      <ListToolbar
        onSearch={setSearch}
        searchLabel="Search pixels and postbacks"
        searchPlaceholder="Search name or value"
        list={list}
        actions={
          <Button
            variant="secondary"
            icon={<ScrollText size={16} aria-hidden="true" />}
            onClick={() => setDeliveries('all')}
          >
            Delivery log
          </Button>
        }
        create={{ label: 'Add Pixel / Postback', onClick: () => setModal({ mode: 'create' }) }}
        filters={
          <>
            <Select
              label="Status"
              className="w-full md:w-40"
              value={status}
              options={STATUS_OPTIONS}
              onChange={(v) => setStatus(v as GlobalPostbackQuery['status'])}
            />
            <Select
              label="Offer"
              className="w-full md:w-72"
              value={offer ? String(offer.id) : ''}
              selectedLabel={offer?.label ?? 'All Offers'}
              loadOptions={async (q) => {
                const page = await getOfferOptions({ ...q, limit: PAGE_SIZE });
                return q.cursor === null && !q.search
                  ? { ...page, options: [{ value: '', label: 'All Offers' }, ...page.options] }
                  : page;
              }}
              onChange={(v, option) => setOffer(v === '' ? null : { id: Number(v), label: option.label })}
            />
          </>
        }
      />
      <DataTable
        what="your pixels and postbacks"
        label="Pixels and postbacks"
        columns={columns}
        rows={list.rows}
        rowKey={(p) => p.postback_id}
        state={list}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key as PostbackTableSort))}
        emptyText="No items"
        emptyHint={
          search || offer || status !== 'all'
            ? 'Nothing matches these filters.'
            : 'Add a postback or a pixel to hear about your conversions.'
        }
      />
      <LazyPostbackModal target={modal} onClose={() => setModal(null)} />
      {deliveries ? drawDeliveries(deliveries, () => setDeliveries(null)) : null}
    </>
  );
}
