import { Navigate, useParams } from 'react-router';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { paths } from '../../../config/paths.ts';
import { ComingSoon } from './coming-soon.tsx';

export function Component() {
  const { id } = useParams();
  if (!/^\d+$/.test(id ?? '')) return <Navigate to={paths.notFound} replace />;
  return (
    <PageWrapper title={`Invoice #${id}`} icon="Invoices" back={{ to: paths.invoices, label: 'Invoices' }}>
      <ComingSoon what="The invoice lines and total" />
    </PageWrapper>
  );
}
