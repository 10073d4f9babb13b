import { NOTIFICATION_MODAL_PLACEHOLDER_ROWS } from '@portal/shared/notifications/notifications.constants';
import type { Notification } from '@portal/shared/notifications/notifications.schemas';
import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { resolveTimeZone } from '../../../lib/time-zone.ts';
import { paths } from '../../../config/paths.ts';
import { isShownFailure } from '../../../lib/load-failure.ts';
import { useUnreadNotifications } from '../api/get-unread-notifications.ts';
import { bellState, formatSentAt, linkOf } from '../notification-format.ts';
import { useFollowNotification, useOpenNotification } from '../notification-panel-store.ts';
import { NotificationPanel } from './notification-panel.tsx';
import { UrgentMark } from './urgent-mark.tsx';
import { BellButtonContent, bellButtonClass } from './bell-button.tsx';

/**
 * The header's notification bell (docs/screens.md, "Navigation" and "Notifications"): a red badge while any
 * notification is unread, a shake while any unread one is urgent (none under reduced motion), and
 * a dropdown of the unread ones with 'View All'. Choosing one opens the side panel, rendered here
 * once for the whole app (the Notifications list opens the same one).
 */
export function NotificationBell({
  timeZone,
  defaultOpen = false,
}: {
  timeZone: string | null;
  /** Open from the start (its stand-in was clicked before it had loaded). */
  defaultOpen?: boolean;
}) {
  const zone = resolveTimeZone(timeZone);
  const { data, isPending, isFetching, error, refetch } = useUnreadNotifications({
    // Its stand-in asked when the frame mounted; asking again on the swap could answer before a
    // read marked locally reaches the server, and show it unread again.
    refetchOnMount: false,
  });
  const [open, setOpen] = useState(defaultOpen);
  const openNotification = useOpenNotification();
  const followNotification = useFollowNotification();
  const state = bellState(data);
  const unread = (data ?? []).filter((n) => !n.is_read);

  const choose = (n: Notification) => {
    setOpen(false);
    openNotification(n);
  };

  return (
    <>
      <Popover.Root
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          // Opening asks again, so the list is as current as the badge suggests.
          if (o && !isPending) void refetch();
        }}
      >
        <Popover.Trigger className={bellButtonClass} aria-label={state.label} data-notification-bell>
          <BellButtonContent state={state} />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={12}
            aria-label="Notifications"
            className="z-50 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg animate-fade-in"
          >
            <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
              <p className="text-sm font-semibold text-slate-900">Notifications</p>
              {state.unread > 0 ? (
                <p className="text-xs text-slate-600 tabular">
                  {state.unread}
                  {state.more ? '+' : ''} unread
                </p>
              ) : null}
            </div>
            {isPending && isFetching ? (
              <Placeholders />
            ) : !data && isShownFailure(error) ? (
              // Never 'No unread notifications' for a list the server did not give.
              <LoadFailure compact what="your notifications" error={error} onRetry={() => void refetch()} />
            ) : unread.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">No unread notifications</p>
            ) : (
              <ul className="max-h-[min(24rem,60dvh)] overflow-y-auto py-1" aria-label="Unread notifications">
                {unread.map((n) => {
                  const link = linkOf(n);
                  return (
                    <li key={n.notification_id}>
                      <button
                        type="button"
                        onClick={() => choose(n)}
                        className={cn(
                          'flex w-full items-start gap-3 px-4 pt-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50',
                          link ? 'pb-1' : 'pb-2.5',
                        )}
                      >
                        <span className="mt-1.5 flex w-4 shrink-0 justify-center">
                          {n.urgent ? (
                            <UrgentMark size="sm" />
                          ) : (
                            <span className="size-2 rounded-full bg-accent" aria-hidden="true" />
                          )}
                        </span>
                        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                          <span className="line-clamp-2 text-sm font-medium text-slate-900">{n.summary}</span>
                          <time dateTime={n.datetime_sent} className="text-xs text-slate-600">
                            {formatSentAt(n.datetime_sent, zone, 'compact')}
                          </time>
                        </span>
                      </button>
                      {link ? (
                        // Under the item, not in it: what the notification is about, one step away.
                        <div className="pr-4 pb-1.5 pl-11">
                          <Link
                            to={link.to}
                            aria-label={`${link.label}: ${n.summary}`}
                            onClick={() => {
                              setOpen(false);
                              followNotification(n);
                            }}
                            className="inline-flex min-h-6 items-center text-xs font-medium text-accent underline-offset-2 hover:underline"
                          >
                            {link.label}
                          </Link>
                        </div>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
            <div className="border-t border-slate-100 p-1.5">
              <Link
                to={paths.notifications}
                onClick={() => setOpen(false)}
                className="flex h-9 items-center justify-center rounded-lg text-sm font-medium text-accent hover:bg-accent-soft"
              >
                View All
              </Link>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <NotificationPanel timeZone={zone} />
    </>
  );
}

function Placeholders() {
  return (
    <div className="flex animate-pulse flex-col py-1" aria-busy="true" aria-label="Loading notifications" role="status">
      {Array.from({ length: NOTIFICATION_MODAL_PLACEHOLDER_ROWS }, (_, i) => (
        <div key={i} data-testid="notification-placeholder" className="flex items-start gap-3 px-4 py-2.5">
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-slate-200" />
          <span className="flex flex-1 flex-col gap-1.5">
            <span className="h-3.5 w-4/5 rounded-full bg-slate-200/80" />
            <span className="h-3 w-1/3 rounded-full bg-slate-200/80" />
          </span>
        </div>
      ))}
    </div>
  );
}
