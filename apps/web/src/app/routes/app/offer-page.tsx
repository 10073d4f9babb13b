import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { RouteTabs } from '../../../components/ui/route-tabs.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { OFFER_TABS, paths, type OfferTab } from '../../../config/paths.ts';
import { LazyPostbackDeliveriesModal } from '../../../features/postback-deliveries/components/lazy-postback-deliveries-modal.tsx';
import { useOffer } from '../../../features/offers/api/get-offer.ts';
import { OfferCreativesTab } from '../../../features/offers/components/offer-creatives-tab.tsx';
import { OfferDetailsTab } from '../../../features/offers/components/offer-details-tab.tsx';
import { OfferHeader } from '../../../features/offers/components/offer-header.tsx';
import { TrackingLinkTab } from '../../../features/offers/components/tracking-link-tab.tsx';
import { useTimeZone } from '../../../features/user/api/user.ts';

// The postbacks tab (tables, the modal's code) loads when it is opened.
const OfferPostbacksTab = lazy(() =>
  import('../../../features/postbacks/components/offer-postbacks-tab.tsx').then((m) => ({
    default: m.OfferPostbacksTab,
  })),
);

const TAB_LABELS: Record<OfferTab, string> = {
  details: 'Details',
  creatives: 'Creatives',
  'tracking-link': 'Tracking Link',
  'postbacks-and-pixels': 'Postbacks & Pixels',
};

export function Component() {
  const { id, type } = useParams();
  const valid =
    /^\d{1,10}$/.test(id ?? '') &&
    Number(id) <= 2_147_483_647 &&
    (OFFER_TABS as readonly string[]).includes(type ?? '');
  if (!valid) return <Navigate to={paths.notFound} replace />;
  return <OfferScreen offerId={Number(id)} tab={type as OfferTab} />;
}

function OfferScreen({ offerId, tab }: { offerId: number; tab: OfferTab }) {
  const query = useOffer(offerId);
  const offer = query.data;
  const timeZone = useTimeZone();
  return (
    <PageWrapper
      title={offer ? `Offer ${offer.name}` : 'Offer'}
      icon="Offers"
      back={{ to: paths.myOffers, label: 'My Offers' }}
      wide
    >
      <QueryBlock query={query} what="the offer">
        {(offer) => (
          <>
            <OfferHeader offer={offer} />
            <RouteTabs
              label="Offer sections"
              active={tab}
              tabs={OFFER_TABS.map((t) => ({ value: t, label: TAB_LABELS[t], to: paths.offer(offerId, t) }))}
            >
              {(shown) =>
                shown === 'details' ? (
                  <OfferDetailsTab offerId={offerId} />
                ) : shown === 'creatives' ? (
                  <OfferCreativesTab offerId={offerId} />
                ) : shown === 'tracking-link' ? (
                  offer.access === 'run' ? (
                    <TrackingLinkTab offerId={offerId} offer={offer} />
                  ) : (
                    <AlertBox tone="info">Your tracking link is ready once the network approves your access.</AlertBox>
                  )
                ) : timeZone ? (
                  <Suspense fallback={<LoadingBlock label="Loading postbacks and pixels…" />}>
                    <OfferPostbacksTab
                      offer={{ id: offerId, name: offer.name }}
                      timeZone={timeZone}
                      deliveries={(postback, onClose) => (
                        <LazyPostbackDeliveriesModal postback={postback} timeZone={timeZone} onClose={onClose} />
                      )}
                    />
                  </Suspense>
                ) : null
              }
            </RouteTabs>
          </>
        )}
      </QueryBlock>
    </PageWrapper>
  );
}
