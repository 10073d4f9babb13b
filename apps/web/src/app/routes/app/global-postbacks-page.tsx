import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { LazyPostbackDeliveriesModal } from '../../../features/postback-deliveries/components/lazy-postback-deliveries-modal.tsx';
import { GlobalPostbacksList } from '../../../features/postbacks/components/global-postbacks-list.tsx';
import { SigningSecretPanel } from '../../../features/postbacks/components/signing-secret-panel.tsx';
import { useTimeZone } from '../../../features/user/api/user.ts';

export function Component() {
  const timeZone = useTimeZone();
  return (
    <PageWrapper
      title="Global Pixels And Postbacks"
      icon="Pixels and Postbacks"
      description="Tell your tracker about conversions: postbacks are called from our servers, pixels fire on the advertiser's thank-you page."
      wide
    >
      <SigningSecretPanel />
      {timeZone ? (
        <GlobalPostbacksList
          timeZone={timeZone}
          deliveries={(postback, onClose) => (
            <LazyPostbackDeliveriesModal postback={postback} timeZone={timeZone} onClose={onClose} />
          )}
        />
      ) : null}
    </PageWrapper>
  );
}
