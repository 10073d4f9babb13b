import type { NotificationSendRow } from '@portal/shared/admin/notifications.schemas';
import { formatInteger } from '../../../lib/format.ts';
import type { Column } from '../../../components/ui/list/types.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

/** The body's text, without its markup (DOMParser runs no script and loads nothing). */
function textOf(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function recipientsText(s: NotificationSendRow): string {
  if (s.audience === 'all') return `All publishers (${formatInteger(s.recipients)})`;
  const names = s.publishers.map((p) => p.name);
  const more = s.recipients - names.length;
  return more > 0 ? `${names.join(', ')} and ${formatInteger(more)} more` : names.join(', ');
}

/** The sent list's columns: when, the notice, who got it, how many read it, who sent it. */
export const SENT_COLUMNS: Column<NotificationSendRow>[] = [
  { id: 'sent', header: 'Sent', width: '12.5rem', cell: (s) => formatDateTime(s.sent_at, browserTimeZone()) },
  {
    id: 'title',
    header: 'Notification',
    primary: true,
    cell: (s) => {
      const text = textOf(s.body).trim();
      return (
        <span className="block min-w-0 break-words">
          <span className="font-medium text-slate-900">{s.title}</span>
          {s.urgent ? (
            <span className="ml-2 inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
              Urgent
            </span>
          ) : null}
          {text ? <span className="mt-0.5 line-clamp-2 block text-slate-600">{text}</span> : null}
        </span>
      );
    },
  },
  {
    id: 'recipients',
    header: 'Recipients',
    width: '16rem',
    cell: (s) => <span className="break-words">{recipientsText(s)}</span>,
  },
  {
    id: 'read',
    header: 'Read',
    width: '7rem',
    align: 'right',
    cell: (s) => (
      <span className="tabular-nums">
        {formatInteger(s.read)} of {formatInteger(s.recipients)}
      </span>
    ),
  },
  { id: 'by', header: 'Sent by', width: '12rem', cell: (s) => <span className="break-all">{s.sent_by}</span> },
];
