import type { Notification } from '@portal/shared/notifications/notifications.schemas';
import ArrowRight from 'lucide-react/icons/arrow-right';
import X from 'lucide-react/icons/x';
import * as Dialog from '@radix-ui/react-dialog';
import { useMemo } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useNotification } from '../api/get-notification.ts';
import { formatSentAt, linkOf, offerOf } from '../notification-format.ts';
import { closeNotification } from '../notification-panel-store.ts';
import { purifyNotificationHtml } from '../sanitize-html.ts';

function CloseButton() {
  return (
    <Dialog.Close
      className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      aria-label="Close"
    >
      <X size={18} aria-hidden="true" />
    </Dialog.Close>
  );
}

/** What the side panel shows: the notification, loaded by id, or 'Error' (docs/errors.md Others). */
export function PanelBody({ shown, timeZone }: { shown: Notification; timeZone: string }) {
  const { data, isError } = useNotification(shown.notification_id, shown);
  if (isError || !data) {
    return (
      <>
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Error</Dialog.Title>
          <CloseButton />
        </div>
        <Dialog.Description asChild>
          <div className="px-5 py-5 sm:px-6">
            <AlertBox tone="error">Something went wrong</AlertBox>
          </div>
        </Dialog.Description>
      </>
    );
  }
  return <PanelContent n={data} timeZone={timeZone} />;
}

function PanelContent({ n, timeZone }: { n: Notification; timeZone: string }) {
  const html = useMemo(() => purifyNotificationHtml(n.description), [n.description]);
  const offerId = offerOf(n);
  const link = linkOf(n);
  return (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          {n.urgent ? <Badge className="mb-2 bg-red-50 text-red-800 ring-red-600/25">Urgent</Badge> : null}
          <Dialog.Title className="text-lg leading-snug font-semibold break-words text-slate-900">
            {n.summary}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            <time dateTime={n.datetime_sent}>{formatSentAt(n.datetime_sent, timeZone)}</time>
          </Dialog.Description>
        </div>
        <CloseButton />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">
        {html.trim() ? (
          <div
            data-testid="notification-description"
            className="max-w-none overflow-x-auto text-[15px] leading-relaxed break-words text-slate-800 [&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-2 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-semibold [&_hr]:my-4 [&_hr]:border-slate-200 [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-5 [&>*+*]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:pl-5"
            // Sanitised just above, at render time (docs/security.md, docs/reliability.md B6).
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <p className="text-sm text-slate-600">No further details.</p>
        )}
      </div>
      {offerId !== null ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3.5 sm:px-6">
          <ButtonLink to={paths.offer(offerId, 'details')} onClick={closeNotification}>
            Check it Out
            <ArrowRight size={16} aria-hidden="true" />
          </ButtonLink>
        </div>
      ) : link ? (
        // A postback's delivery log or an invoice: named for what it opens ('Check it Out' is an offer's).
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3.5 sm:px-6">
          <ButtonLink to={link.to} onClick={closeNotification}>
            {link.label}
            <ArrowRight size={16} aria-hidden="true" />
          </ButtonLink>
        </div>
      ) : null}
    </>
  );
}
