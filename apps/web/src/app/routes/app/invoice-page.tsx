import { Navigate, useParams } from 'react-router';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { paths } from '../../../config/paths.ts';
import { InvoiceActions } from '../../../features/invoices/components/invoice-actions.tsx';
import { InvoiceDetail } from '../../../features/invoices/components/invoice-detail.tsx';
import { useTimeZone } from '../../../features/user/api/user.ts';

export function Component() {
  const { id } = useParams();
  const timeZone = useTimeZone();
  if (!/^\d{1,10}$/.test(id ?? '') || Number(id) < 1 || Number(id) > 2_147_483_647)
    return <Navigate to={paths.notFound} replace />;
  return (
    <PageWrapper
      title={`Invoice #${Number(id)}`}
      icon="Invoices"
      back={{ to: paths.invoices, label: 'Invoices' }}
      actions={<InvoiceActions invoiceId={Number(id)} />}
    >
      {timeZone ? <InvoiceDetail key={id} invoiceId={Number(id)} timeZone={timeZone} /> : null}
    </PageWrapper>
  );
}
