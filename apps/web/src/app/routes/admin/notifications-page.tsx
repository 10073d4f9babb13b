import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { LazyComposeNotification } from '../../../features/admin/notifications/lazy-compose-notification.tsx';
import { useSentNotifications } from '../../../features/admin/notifications/notification-sends-api.ts';
import { SENT_COLUMNS } from '../../../features/admin/notifications/sent-columns.tsx';
import { useCanWrite } from '../../../features/admin/use-can-write.ts';

/** Compose and send a notice to publishers; the sent list with read counts (docs/operator-console.md). */
export function Component() {
  const canWrite = useCanWrite();
  const list = useSentNotifications();
  return (
    <PageWrapper
      title="Notifications"
      description="Notices to publishers: they show in each publisher's bell and Notifications page."
      wide
    >
      <div className="flex flex-col gap-6">
        {canWrite ? <LazyComposeNotification /> : null}
        <section aria-labelledby="sent-heading">
          <h2 id="sent-heading" className="mb-3 text-base font-semibold text-slate-900">
            Sent
          </h2>
          <ListToolbar list={list} />
          <DataTable
            what="the sent notifications"
            label="Sent notifications"
            columns={SENT_COLUMNS}
            rows={list.rows}
            rowKey={(s) => s.id}
            state={list}
            emptyText="Nothing sent yet"
            emptyHint="A notice sent from here shows in the publishers' bell."
          />
        </section>
      </div>
    </PageWrapper>
  );
}
