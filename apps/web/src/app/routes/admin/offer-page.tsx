import type { AdminOffer } from '@portal/shared/admin/offers.schemas';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { OfferAccessPanel } from '../../../features/admin/offer-access/offer-access-panel.tsx';
import { OfferCreatives } from '../../../features/admin/offers/offer-creatives.tsx';
import { OfferEditor } from '../../../features/admin/offers/offer-editor.tsx';
import { useAdminOffer } from '../../../features/admin/offers/offers-api.ts';
import { alerts } from '../../../lib/alerts.ts';

const BACK = { to: consolePaths.offers, label: 'Offers' };

/** A new offer (`consolePaths.offerNew`) or an existing one: the editor, then its creatives and access. */
export function Component() {
  const { id } = useParams();
  if (id === undefined) return <NewOffer />;
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return <Navigate to={consolePaths.offers} replace />;
  return <EditOffer key={id} offerId={Number(id)} />;
}

function NewOffer() {
  const navigate = useNavigate();
  return (
    <PageWrapper title="Offers" description="New offer" back={BACK}>
      <OfferEditor
        offer={null}
        onSaved={(o) => {
          alerts.success(`${o.name} is created.`);
          void navigate(consolePaths.offer(o.id), { replace: true });
        }}
      />
    </PageWrapper>
  );
}

function EditOffer({ offerId }: { offerId: number }) {
  const query = useAdminOffer(offerId);
  const { data: me } = useOperatorMe();
  const canWrite = !!me && me.role !== 'viewer';
  const offer = query.data;
  return (
    <PageWrapper title="Offers" description={offer ? `${offer.name} #${offer.id}` : `Offer #${offerId}`} back={BACK}>
      <QueryBlock query={query} what="the offer">
        {(o: AdminOffer) => (
          <div className="flex flex-col gap-5">
            <OfferEditor
              key={o.id}
              offer={o}
              readOnly={!canWrite}
              onSaved={(s) => alerts.success(`${s.name} is saved.`)}
            />
            <OfferCreatives offerId={o.id} creatives={o.creatives} canWrite={canWrite} />
            <OfferAccessPanel offerId={o.id} />
          </div>
        )}
      </QueryBlock>
    </PageWrapper>
  );
}
