import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { ComingSoon } from './coming-soon.tsx';

export function Component() {
  return (
    <PageWrapper title="Invoices" icon="Invoices" >
      <ComingSoon what="Your invoices" />
    </PageWrapper>
  );
}
