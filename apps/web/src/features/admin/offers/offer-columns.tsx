import { OFFER_VISIBILITY_LABELS, PAYOUT_TYPE_LABELS } from '@portal/shared/offers/offers.constants';
import type { AdminOfferRow } from '@portal/shared/admin/offers.schemas';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/list/types.ts';
import { OfferStatusBadge } from '../../../components/ui/status-badge.tsx';
import { consolePaths } from '../console-paths.ts';

export const CONVERSION_METHOD_LABELS = { postback: 'Server postback', pixel: 'Pixel', both: 'Both' } as const;

/** What a payout reads as in the column, its kind in the cell's title: `$12.50` or `30%`. */
const payoutFigure = (amount: number, type: 'cpa' | 'revshare') =>
  type === 'revshare' ? `${amount}%` : `$${amount.toFixed(2)}`;

/** The console's offer list: name (to the editor), advertiser, status, visibility, payout, conversion method. */
export const OFFER_COLUMNS: Column<AdminOfferRow>[] = [
  {
    id: 'name',
    header: 'Offer',
    primary: true,
    cell: (o) => (
      <Link to={consolePaths.offer(o.id)} className="font-medium text-accent hover:underline">
        {o.name} <span className="font-normal text-slate-600">#{o.id}</span>
      </Link>
    ),
  },
  { id: 'advertiser', header: 'Advertiser', width: '14rem', cell: (o) => o.advertiser_name },
  { id: 'status', header: 'Status', width: '10rem', cell: (o) => <OfferStatusBadge status={o.status} /> },
  { id: 'visibility', header: 'Visibility', width: '10rem', cell: (o) => OFFER_VISIBILITY_LABELS[o.visibility] },
  {
    id: 'payout',
    header: 'Payout',
    width: '8rem',
    align: 'right',
    cell: (o) => (
      <span className="tabular-nums" title={PAYOUT_TYPE_LABELS[o.payout_type]}>
        {payoutFigure(o.payout, o.payout_type)}
      </span>
    ),
  },
  {
    id: 'method',
    header: 'Conversion method',
    width: '10rem',
    cell: (o) => CONVERSION_METHOD_LABELS[o.conversion_method],
  },
];
