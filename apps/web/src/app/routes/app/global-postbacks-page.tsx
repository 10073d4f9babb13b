import { useSearchParams } from 'react-router';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { LazyPostbackDeliveriesModal } from '../../../features/postback-deliveries/components/lazy-postback-deliveries-modal.tsx';
import { usePostback } from '../../../features/postbacks/api/get-postback.ts';
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
        <>
          <GlobalPostbacksList
            timeZone={timeZone}
            deliveries={(postback, onClose) => (
              <LazyPostbackDeliveriesModal postback={postback} timeZone={timeZone} onClose={onClose} />
            )}
          />
          <LinkedDeliveries timeZone={timeZone} />
        </>
      ) : null}
    </PageWrapper>
  );
}

/**
 * `?deliveries={postback id}` (a failing postback's notification links here): that postback's
 * delivery log, open over the list; closing it leaves the plain list.
 */
function LinkedDeliveries({ timeZone }: { timeZone: string }) {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('deliveries') ?? '';
  const id = /^\d{1,10}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  const { data } = usePostback(id);
  return (
    <LazyPostbackDeliveriesModal
      postback={id !== null && data?.postback_id === id ? data : null}
      timeZone={timeZone}
      onClose={() =>
        setSearch(
          (s) => {
            s.delete('deliveries');
            return s;
          },
          { replace: true },
        )
      }
    />
  );
}
