import { Navigate, useParams } from 'react-router';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { OFFER_TABS, paths } from '../../../config/paths.ts';
import { ComingSoon } from './coming-soon.tsx';

export function Component() {
  const { id, type } = useParams();
  if (!/^\d+$/.test(id ?? '') || !(OFFER_TABS as readonly string[]).includes(type ?? '')) {
    return <Navigate to={paths.notFound} replace />;
  }
  return (
    <PageWrapper title={`Offer ${id}`} icon="Offers" back={{ to: paths.myOffers, label: 'My Offers' }}>
      <ComingSoon what="The offer's details, creatives, tracking link and postbacks" />
    </PageWrapper>
  );
}
