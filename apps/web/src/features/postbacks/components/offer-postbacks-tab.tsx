import type { Postback } from '@portal/shared/postbacks/postbacks.schemas';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { useOfferPostbackTable } from '../api/get-postback-table.ts';
import { offerPostbackColumns } from './postback-columns.tsx';
import { LazyPostbackModal } from './lazy-modals.tsx';
import type { PostbackModalTarget } from './postback-modal.tsx';

/** The offer's Postbacks & Pixels tab (docs/screens.md): its pixels and postbacks, 'Add new', edit. */
export function OfferPostbacksTab({
  offer,
  timeZone,
  deliveries: drawDeliveries,
}: {
  offer: { id: number; name: string };
  /** The user's time zone. */
  timeZone: string;
  /** A postback's deliveries, drawn by the page (another feature's screen) while one is chosen. */
  deliveries: (postback: Postback, onClose: () => void) => React.ReactNode;
}) {
  const list = useOfferPostbackTable(offer.id);
  const [modal, setModal] = useState<PostbackModalTarget | null>(null);
  const [deliveries, setDeliveries] = useState<Postback | null>(null);
  const columns = useMemo(
    () =>
      offerPostbackColumns({
        onEdit: (p) => setModal({ mode: 'edit', postbackId: p.postback_id, offer }),
        onDeliveries: setDeliveries,
        timeZone,
      }),
    [offer, timeZone],
  );
  return (
    <>
      <ListToolbar create={{ label: 'Add new', onClick: () => setModal({ mode: 'create', offer }) }} list={list} />
      <DataTable
        what="this offer's pixels and postbacks"
        label={`Pixels and postbacks of ${offer.name}`}
        columns={columns}
        rows={list.rows}
        rowKey={(p) => p.postback_id}
        state={list}
        emptyText="No items"
        emptyHint="Add a postback to tell your tracker about each conversion of this offer, or a pixel to fire on the thank-you page."
      />
      <LazyPostbackModal target={modal} onClose={() => setModal(null)} />
      {deliveries ? drawDeliveries(deliveries, () => setDeliveries(null)) : null}
    </>
  );
}
