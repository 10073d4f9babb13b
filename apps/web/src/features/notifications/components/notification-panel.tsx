import * as Dialog from '@radix-ui/react-dialog';
import { lazy, Suspense, useEffect } from 'react';
import { useReturnFocus } from '../../../components/ui/return-focus.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { closeNotification, selectedNotificationStore } from '../notification-panel-store.ts';

// The panel's content (and the sanitiser with it) loads the first time a notification is opened,
// not with every page of the app.
const PanelBody = lazy(() => import('./notification-panel-body.tsx').then((m) => ({ default: m.PanelBody })));

/**
 * The side panel of a notification (docs/screens.md Navigation): summary, date in the user's zone, the
 * description's HTML sanitised at render time, 'Check it Out' for offer notifications, and a link to
 * the delivery log or the invoice a notification is about. One panel serves the bell and the
 * Notifications list; a failed load is titled 'Error' (docs/errors.md).
 */
export function NotificationPanel({ timeZone }: { timeZone: string }) {
  const selected = selectedNotificationStore.use();
  // Leaving the app's pages (log out) closes it: the next session does not open on it.
  useEffect(() => closeNotification, []);
  // Back to the row that opened it; opened from the bell's dropdown (gone by then), to the bell.
  const returnFocus = useReturnFocus(selected !== null, bellButton);
  return (
    <Dialog.Root open={selected !== null} onOpenChange={(open) => !open && closeNotification()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 animate-fade-in" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-white shadow-2xl animate-sheet-in-right focus:outline-none sm:max-w-lg"
        >
          {selected ? (
            <Suspense fallback={<PanelLoading />}>
              <PanelBody key={selected.notification_id} shown={selected} timeZone={timeZone} />
            </Suspense>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const bellButton = () => document.querySelector<HTMLElement>('[data-notification-bell]');

function PanelLoading() {
  return (
    <div className="flex flex-1 items-center justify-center" role="status">
      <Dialog.Title className="sr-only">Loading the notification</Dialog.Title>
      <Dialog.Description className="sr-only">Loading the notification</Dialog.Description>
      <Spinner size={28} />
    </div>
  );
}
