import type { PublisherRow } from '@portal/shared/admin/publishers.schemas';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/list/types.ts';
import { formatInteger } from '../../../lib/format.ts';
import { consolePaths } from '../console-paths.ts';
import { PublisherStatusBadge } from './publisher-status-badge.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** The Publishers list's columns: the account (a link to its page), status, users, manager, sign-up day. */
export const PUBLISHER_COLUMNS: Column<PublisherRow>[] = [
  {
    id: 'name',
    header: 'Publisher',
    sortKey: 'name',
    primary: true,
    cell: (p) => (
      <span className="break-words">
        <Link to={consolePaths.publisher(p.id)} className="block font-medium text-accent hover:underline">
          {p.name}
        </Link>
        {p.email ? <span className="break-all text-slate-600">{p.email}</span> : null}
      </span>
    ),
  },
  {
    id: 'id',
    header: 'ID',
    width: '5.5rem',
    align: 'right',
    cell: (p) => <span className="tabular-nums">{p.id}</span>,
  },
  { id: 'status', header: 'Status', width: '7.5rem', cell: (p) => <PublisherStatusBadge status={p.status} /> },
  {
    id: 'users',
    header: 'Users',
    width: '5.5rem',
    align: 'right',
    cell: (p) => <span className="tabular-nums">{formatInteger(p.users)}</span>,
  },
  { id: 'manager', header: 'Account manager', width: '12rem', cell: (p) => p.account_manager ?? '—' },
  {
    id: 'created',
    header: 'Signed up',
    sortKey: 'created_at',
    width: '8rem',
    cell: (p) => <span className="tabular-nums">{formatDate(p.created_at, browserTimeZone())}</span>,
  },
];
