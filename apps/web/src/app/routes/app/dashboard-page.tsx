import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { ComingSoon } from './coming-soon.tsx';

export function Component() {
  return (
    <PageWrapper title="Dashboard" icon="Dashboard" wide>
      <ComingSoon what="Your campaign summary, earnings and latest invoices" />
    </PageWrapper>
  );
}
