import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { NotificationsList } from '../../../features/notifications/components/notifications-list.tsx';
import { useTimeZone } from '../../../features/user/api/user.ts';

export function Component() {
  const timeZone = useTimeZone();
  return (
    <PageWrapper
      title="Notifications"
      icon="Notifications"
      description="News from the network about your offers and your account."
    >
      {timeZone ? <NotificationsList timeZone={timeZone} /> : null}
    </PageWrapper>
  );
}
