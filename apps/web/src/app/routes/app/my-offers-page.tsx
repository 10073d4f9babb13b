import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { ComingSoon } from './coming-soon.tsx';

export function Component() {
  return (
    <PageWrapper title="My Offers" icon="My Offers" wide>
      <ComingSoon what="Your offers with payouts, clicks and earnings" />
    </PageWrapper>
  );
}
