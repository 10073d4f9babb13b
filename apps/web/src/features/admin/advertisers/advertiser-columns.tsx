import type { AdvertiserRow } from '@portal/shared/admin/advertisers.schemas';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/list/types.ts';
import { formatInteger } from '../../../lib/format.ts';
import { consolePaths } from '../console-paths.ts';
import { AdvertiserStatusBadge, publishedWarning } from './advertiser-parts.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** The Advertisers list's columns: name (a link to its page), status, offers, credentials, created. */
export const ADVERTISER_COLUMNS: Column<AdvertiserRow>[] = [
  {
    id: 'name',
    header: 'Advertiser',
    primary: true,
    cell: (a) => (
      <Link to={consolePaths.advertiser(a.id)} className="font-medium break-words text-accent hover:underline">
        {a.name}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', width: '8rem', cell: (a) => <AdvertiserStatusBadge status={a.status} /> },
  { id: 'offers', header: 'Offers', width: '6rem', align: 'right', cell: (a) => formatInteger(a.offers) },
  {
    id: 'credentials',
    header: 'Credentials',
    width: '18rem',
    cell: (a) => {
      const warning = publishedWarning(a);
      return warning ? (
        <span className="text-amber-900">{warning}</span>
      ) : (
        <span className="text-slate-600">Its own</span>
      );
    },
  },
  { id: 'created', header: 'Created', width: '8rem', cell: (a) => formatDate(a.created_at, browserTimeZone()) },
];
