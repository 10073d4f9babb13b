import { roleAllows } from '@portal/shared/admin/operators.constants';
import { Navigate, useParams } from 'react-router';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { InvoiceMoves } from '../../../features/admin/invoices/invoice-moves.tsx';
import { InvoiceLines } from '../../../features/admin/invoices/invoice-lines.tsx';
import { useAdminInvoice } from '../../../features/admin/invoices/invoices-api.ts';

/** One invoice: its publisher, period, status, lines and total, and the moves its status allows. */
export function Component() {
  const { id } = useParams();
  if (!/^\d{1,10}$/.test(id ?? '') || Number(id) < 1 || Number(id) > 2_147_483_647)
    return <Navigate to={consolePaths.invoices} replace />;
  return <InvoicePage key={id} id={Number(id)} />;
}

function InvoicePage({ id }: { id: number }) {
  const { data: me } = useOperatorMe();
  const invoice = useAdminInvoice(id);
  const mayWrite = me ? roleAllows(me.role, 'manager') : false;
  return (
    <PageWrapper
      title={`Invoice #${id}`}
      back={{ to: consolePaths.invoices, label: 'Invoices' }}
      actions={mayWrite && invoice.data ? <InvoiceMoves invoice={invoice.data.invoice} /> : null}
      wide
    >
      <QueryBlock query={invoice} what="the invoice">
        {(detail) => <InvoiceLines detail={detail} />}
      </QueryBlock>
    </PageWrapper>
  );
}
