import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { InvoicesList } from '../../../features/invoices/components/invoices-list.tsx';
import { useTimeZone } from '../../../features/user/api/user.ts';

export function Component() {
  const timeZone = useTimeZone();
  return (
    <PageWrapper
      title="Invoices"
      icon="Invoices"
      description="What the network owes you, month by month, and where each payment stands."
    >
      {timeZone ? <InvoicesList timeZone={timeZone} /> : null}
    </PageWrapper>
  );
}
