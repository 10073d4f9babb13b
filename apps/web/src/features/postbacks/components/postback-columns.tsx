import {
  POSTBACK_STATUS_LABELS,
  POSTBACK_TYPE_LABELS,
  postbackTypeListLabel,
} from '@portal/shared/postbacks/postbacks.constants';
import type { Postback } from '@portal/shared/postbacks/postbacks.schemas';
import Activity from 'lucide-react/icons/activity';
import Pencil from 'lucide-react/icons/pencil';
import { Link } from 'react-router';
import { LongValue } from '../../../components/ui/long-value.tsx';
import type { Column } from '../../../components/ui/list/types.ts';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/dates.ts';

export interface RowActions {
  onEdit: (p: Postback) => void;
  onDeliveries: (p: Postback) => void;
  /** The user's time zone, for when a postback started failing. */
  timeZone: string;
}

const eventCell = (p: Postback) =>
  p.postback_event_id === null ? 'All Events' : `${p.postback_event_id} ${p.postback_event_name ?? ''}`;

const valueCell = (p: Postback) => (
  <LongValue
    value={p.postback_value}
    label={p.postback_type === 'postback' ? 'Postback URL' : 'Pixel code'}
    className="font-mono text-[12.5px] text-slate-700"
  />
);

/** When a postback started failing, in the user's zone ("Nov 26, 9:04 PM"). */
function failingSince(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone);
}

/**
 * Status, and beside it how its deliveries fare (docs/screens.md, Delivery health): failing since
 * when (deliveries failed after every retry), or retrying (the last attempt of some failed), with
 * a way to its delivery log.
 */
function StatusCell({
  p,
  timeZone,
  onDeliveries,
}: {
  p: Postback;
  timeZone: string;
  onDeliveries: (p: Postback) => void;
}) {
  const failing = p.failing_since !== null;
  const retrying = !failing && p.deliveries_retrying > 0;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <Badge
          className={
            p.postback_status === 'active'
              ? 'bg-green-50 text-green-800 ring-green-600/25'
              : 'bg-slate-100 text-slate-700 ring-slate-500/25'
          }
        >
          {POSTBACK_STATUS_LABELS[p.postback_status]}
        </Badge>
        {failing ? <Badge className="bg-red-50 text-red-800 ring-red-600/25">Failing</Badge> : null}
        {retrying ? <Badge className="bg-amber-50 text-amber-900 ring-amber-600/30">Retrying</Badge> : null}
      </span>
      {failing || retrying ? (
        <>
          <span className="text-xs text-slate-600">
            {failing
              ? `since ${failingSince(p.failing_since!, timeZone)}`
              : p.deliveries_retrying === 1
                ? '1 delivery to retry'
                : `${p.deliveries_retrying} deliveries to retry`}
          </span>
          <button
            type="button"
            onClick={() => onDeliveries(p)}
            className="text-xs font-medium text-accent underline-offset-2 hover:underline"
            aria-label={`View deliveries of ${p.postback_name}`}
          >
            View deliveries
          </button>
        </>
      ) : null}
    </span>
  );
}

function Actions({ p, actions }: { p: Postback; actions: RowActions }) {
  return (
    <span className="inline-flex items-center justify-end gap-1">
      <button
        type="button"
        onClick={() => actions.onDeliveries(p)}
        className="inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label={`Deliveries of ${p.postback_name}`}
        title="Deliveries"
      >
        <Activity size={16} aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => actions.onEdit(p)}
        className="inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label={`Edit ${p.postback_name}`}
        title="Edit"
      >
        <Pencil size={16} aria-hidden="true" />
      </button>
    </span>
  );
}

const actionsColumn = (actions: RowActions): Column<Postback> => ({
  id: 'actions',
  header: 'Actions',
  headerHidden: true,
  action: true,
  align: 'right',
  width: '6rem',
  cell: (p) => <Actions p={p} actions={actions} />,
});

const nameColumn = (sortable: boolean, width: string): Column<Postback> => ({
  id: 'name',
  header: 'Name',
  ...(sortable ? { sortKey: 'postback_name' } : {}),
  primary: true,
  width,
  cell: (p) => <span className="font-medium break-words text-slate-900">{p.postback_name}</span>,
});

const statusColumn = (actions: RowActions, sortable: boolean): Column<Postback> => ({
  id: 'status',
  header: 'Status',
  ...(sortable ? { sortKey: 'postback_status' } : {}),
  width: '10.5rem',
  cell: (p) => <StatusCell p={p} timeZone={actions.timeZone} onDeliveries={actions.onDeliveries} />,
});

/** The offer tab's columns (docs/screens.md): Name, Event, Type (Pixel/Postback), Value, Status, edit. */
export function offerPostbackColumns(actions: RowActions): Column<Postback>[] {
  return [
    nameColumn(false, '18%'),
    { id: 'event', header: 'Event', width: '18%', cell: eventCell },
    { id: 'type', header: 'Type', width: '7rem', cell: (p) => POSTBACK_TYPE_LABELS[p.postback_type] },
    { id: 'value', header: 'Value', cell: valueCell },
    statusColumn(actions, false),
    actionsColumn(actions),
  ];
}

/** The global list's columns (docs/screens.md): Name, Offer, Event, Type (Iframe/Postback), Value, Status, edit. */
export function globalPostbackColumns(actions: RowActions): Column<Postback>[] {
  return [
    nameColumn(true, '16%'),
    {
      id: 'offer',
      header: 'Offer',
      sortKey: 'postback_offer_id',
      width: '17%',
      cell: (p) =>
        p.postback_offer_id === null ? (
          'All Offers'
        ) : (
          <Link to={paths.offer(p.postback_offer_id, 'postbacks-and-pixels')} className="text-accent hover:underline">
            {p.postback_offer_name ?? `Offer ${p.postback_offer_id}`}
          </Link>
        ),
    },
    { id: 'event', header: 'Event', sortKey: 'postback_event_id', width: '13%', cell: eventCell },
    {
      id: 'type',
      header: 'Type',
      sortKey: 'postback_type',
      width: '7rem',
      cell: (p) => postbackTypeListLabel(p.postback_type),
    },
    { id: 'value', header: 'Value', cell: valueCell },
    statusColumn(actions, true),
    actionsColumn(actions),
  ];
}
