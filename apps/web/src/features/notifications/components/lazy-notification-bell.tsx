import { useEffect } from 'react';
import { StandInSlot, deferred, useStandInTrigger } from '../../../components/ui/deferred.tsx';
import { useUnreadNotifications } from '../api/get-unread-notifications.ts';
import { bellState } from '../notification-format.ts';
import { selectedNotificationStore } from '../notification-panel-store.ts';
import { BellButtonContent, bellButtonClass } from './bell-button.tsx';

const bell = deferred(() => import('./notification-bell.tsx').then((m) => m.NotificationBell));

/**
 * The notification bell as the first paint needs it: the button with its badge, the dropdown and
 * the side panel loading when the button is first pointed at, focused or clicked (a click opens the
 * dropdown as soon as it is there), or when a notification is opened.
 */
export function LazyNotificationBell({ timeZone }: { timeZone: string | null }) {
  const { value: NotificationBell, request, clicked, triggerProps } = useStandInTrigger(bell);
  const { data } = useUnreadNotifications();
  const opened = selectedNotificationStore.use((n) => n !== null);
  useEffect(() => {
    if (opened) request();
  }, [opened, request]);
  const state = bellState(data);
  return (
    <StandInSlot swapped={NotificationBell !== null}>
      {NotificationBell ? (
        <NotificationBell timeZone={timeZone} defaultOpen={clicked} />
      ) : (
        <button
          type="button"
          className={bellButtonClass}
          aria-label={state.label}
          aria-haspopup="dialog"
          {...triggerProps}
        >
          <BellButtonContent state={state} />
        </button>
      )}
    </StandInSlot>
  );
}
