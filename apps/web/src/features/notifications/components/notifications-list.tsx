import type { Notification } from '@portal/shared/notifications/notifications.schemas';
import Bell from 'lucide-react/icons/bell';
import Tag from 'lucide-react/icons/tag';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import {
  EmptyState,
  FirstLoadRows,
  ListFooter,
  SkeletonRows,
  SlowLoadMessage,
} from '../../../components/ui/list/table-parts.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { useVirtualRows } from '../../../components/ui/list/use-virtual-rows.ts';
import { Select } from '../../../components/ui/select/select.tsx';
import { useNotificationTable, type NotificationTableQuery } from '../api/get-notification-table.ts';
import { formatSentAt, linkOf } from '../notification-format.ts';
import { useFollowNotification, useOpenNotification } from '../notification-panel-store.ts';
import { notificationText } from '../sanitize-html.ts';
import { UrgentMark } from './urgent-mark.tsx';

type ReadFilter = 'all' | 'unread' | 'read';
type UrgencyFilter = 'all' | 'urgent' | 'normal';

const READ_OPTIONS: { value: ReadFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];
const URGENCY_OPTIONS: { value: UrgencyFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'urgent', label: 'Urgent' },
  { value: 'normal', label: 'Not urgent' },
];

const READ_VALUES: Record<ReadFilter, boolean | null> = { all: null, unread: false, read: true };
const URGENCY_VALUES: Record<UrgencyFilter, boolean | null> = { all: null, urgent: true, normal: false };

/**
 * Notifications (docs/screens.md): every notification, newest first, with read and urgent filters and a
 * search; unread ones carry an accent bar, urgent ones a red exclamation badge. Choosing one opens
 * the side panel the bell opens, and marks it read.
 */
export function NotificationsList({ timeZone }: { timeZone: string }) {
  const [read, setRead] = useState<ReadFilter>('all');
  const [urgency, setUrgency] = useState<UrgencyFilter>('all');
  const [search, setSearch] = useState('');
  const query: NotificationTableQuery = { isRead: READ_VALUES[read], isUrgent: URGENCY_VALUES[urgency], search };
  const list = useNotificationTable(query);
  const filtered = read !== 'all' || urgency !== 'all' || search !== '';

  return (
    <>
      <ListToolbar
        onSearch={setSearch}
        searchLabel="Search notifications"
        searchPlaceholder="Search notifications"
        list={list}
        filters={
          <>
            <Select
              label="Status"
              className="w-full md:w-40"
              value={read}
              options={READ_OPTIONS}
              onChange={(v) => setRead(v as ReadFilter)}
            />
            <Select
              label="Urgency"
              className="w-full md:w-40"
              value={urgency}
              options={URGENCY_OPTIONS}
              onChange={(v) => setUrgency(v as UrgencyFilter)}
            />
          </>
        }
      />
      <NotificationFeed
        rows={list.rows}
        state={list}
        timeZone={timeZone}
        emptyText={filtered ? 'No results found' : 'No notifications yet'}
        emptyHint={
          filtered
            ? 'No notification matches these filters.'
            : 'Offer caps, expiring offers and news from the network will appear here.'
        }
      />
    </>
  );
}

function NotificationFeed({
  rows,
  state,
  timeZone,
  emptyText,
  emptyHint,
}: {
  rows: Notification[];
  state: ReturnType<typeof useNotificationTable>;
  timeZone: string;
  emptyText: string;
  emptyHint: string;
}) {
  const openNotification = useOpenNotification();
  const v = useVirtualRows<Notification, HTMLUListElement>({
    rows,
    rowKey: (n) => n.notification_id,
    state,
    estimate: 96,
    overscan: 8,
    prefetch: 4,
  });
  const ended = !state.loading && !state.hasMore && !state.moreFailed && rows.length > 0;
  const failedEmpty = state.failed && rows.length === 0;
  const empty = !state.loading && !state.failed && rows.length === 0;
  const now = useMemo(() => new Date(), []);

  return (
    <div>
      {state.display.slowMessage ? <SlowLoadMessage /> : null}
      {state.failed && rows.length > 0 ? (
        <LoadFailure compact what="the latest notifications" error={state.error} onRetry={state.retry} />
      ) : null}
      {state.display.skeleton ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <SkeletonRows columns={3} />
        </div>
      ) : (
        <ul
          ref={v.ref}
          aria-label="Notifications"
          aria-busy={state.loading || undefined}
          className="flex flex-col"
          style={{ paddingTop: v.paddingTop, paddingBottom: v.paddingBottom }}
        >
          {v.items.map((item) => {
            const n = rows[item.index]!;
            return (
              <li key={item.key} data-index={item.index} ref={v.measure} className="pb-2">
                <NotificationRow n={n} timeZone={timeZone} now={now} onOpen={openNotification} />
              </li>
            );
          })}
        </ul>
      )}
      {empty || failedEmpty ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          {failedEmpty ? (
            <LoadFailure
              what="your notifications"
              error={state.error}
              onRetry={state.retry}
              retrying={state.refreshing}
            />
          ) : (
            <EmptyState text={emptyText} hint={emptyHint} />
          )}
        </div>
      ) : null}
      {state.display.placeholder && !state.display.skeleton ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <FirstLoadRows columns={3} />
        </div>
      ) : null}
      <ListFooter
        loadingMore={state.loadingMore}
        ended={ended}
        moreFailed={state.moreFailed ? { error: state.error, retry: state.retry, what: 'your notifications' } : null}
      />
    </div>
  );
}

function NotificationRow({
  n,
  timeZone,
  now,
  onOpen,
}: {
  n: Notification;
  timeZone: string;
  now: Date;
  onOpen: (n: Notification) => void;
}) {
  const id = useId();
  const excerpt = useMemo(() => notificationText(n.description), [n.description]);
  const unread = !n.is_read;
  const link = linkOf(n);
  const follow = useFollowNotification();
  return (
    <div
      className={cn(
        'overflow-hidden rounded-xl border bg-white shadow-xs',
        unread ? 'border-slate-300' : 'border-slate-200',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(n)}
        data-unread={unread || undefined}
        data-urgent={n.urgent || undefined}
        aria-labelledby={`${id}-summary`}
        aria-describedby={excerpt ? `${id}-when ${id}-text` : `${id}-when`}
        className={cn(
          'relative flex w-full items-start gap-3 pt-3.5 pr-4 pl-5 text-left transition-colors hover:bg-slate-50',
          link ? 'pb-1' : 'pb-3.5',
        )}
      >
        {unread ? (
          <span data-testid="unread-bar" aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-accent" />
        ) : null}
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center">
          {n.urgent ? (
            <UrgentMark />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-slate-600"
            >
              {n.target?.domain === 'offer' || n.context_domain === 'offer' ? <Tag size={15} /> : <Bell size={15} />}
            </span>
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-col gap-x-4 gap-y-0.5 sm:flex-row sm:items-baseline sm:justify-between">
            <span
              id={`${id}-summary`}
              className={cn(
                'min-w-0 text-[15px] break-words',
                unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-800',
              )}
            >
              {n.summary}
              {unread || n.urgent ? (
                <span className="sr-only">
                  {' '}
                  ({[unread && 'unread', n.urgent && 'urgent'].filter(Boolean).join(', ')})
                </span>
              ) : null}
            </span>
            <time id={`${id}-when`} dateTime={n.datetime_sent} className="shrink-0 text-xs text-slate-600 tabular">
              {formatSentAt(n.datetime_sent, timeZone, 'compact', now)}
            </time>
          </span>
          {excerpt ? (
            <span id={`${id}-text`} className="line-clamp-2 text-sm text-slate-600">
              {excerpt}
            </span>
          ) : null}
        </span>
      </button>
      {link ? (
        // Under the row's button, not in it: what the notification is about, one step away.
        <div className="relative pr-4 pb-2.5 pl-16">
          {unread ? <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-accent" /> : null}
          <Link
            to={link.to}
            aria-label={`${link.label}: ${n.summary}`}
            onClick={() => follow(n)}
            className="inline-flex min-h-6 items-center text-sm font-medium text-accent underline-offset-2 hover:underline"
          >
            {link.label}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
