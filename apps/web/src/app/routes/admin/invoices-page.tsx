import {
  ADMIN_INVOICE_STATUSES,
  ADMIN_INVOICE_STATUS_LABELS,
  type AdminInvoiceStatus,
} from '@portal/shared/admin/invoices.constants';
import { roleAllows } from '@portal/shared/admin/operators.constants';
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { INVOICE_COLUMNS } from '../../../features/admin/invoices/invoice-columns.tsx';
import { useAdminInvoiceList } from '../../../features/admin/invoices/invoices-api.ts';
import { LazyInvoiceDialog, type InvoiceDialog } from '../../../features/admin/invoices/lazy-invoice-modals.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const STATUS_OPTIONS = ADMIN_INVOICE_STATUSES.map((s) => ({ value: s, label: ADMIN_INVOICE_STATUS_LABELS[s] }));

/** The network's invoices: generate a month, filter, open one (docs/operator-console.md "Invoices"). */
export function Component() {
  const { data: me } = useOperatorMe();
  const [status, setStatus] = useState<AdminInvoiceStatus | null>(null);
  const [publisher, setPublisher] = useState('');
  const [month, setMonth] = useState('');
  const [dialog, setDialog] = useState<InvoiceDialog>(null);
  const publisherText = useDebouncedValue(publisher.trim(), 500);
  const publisherId = /^\d{1,10}$/.test(publisherText) ? Number(publisherText) : null;
  const list = useAdminInvoiceList({ status, publisherId, month: /^\d{4}-\d{2}$/.test(month) ? month : null });
  const mayWrite = me ? roleAllows(me.role, 'manager') : false;
  const filtered = status !== null || publisherId !== null || month !== '';

  return (
    <PageWrapper title="Invoices" description="Every publisher's monthly invoices, newest first." wide>
      <ListToolbar
        count={list.rows.length > 0 ? { loaded: list.rows.length, more: list.hasMore } : null}
        onRefresh={list.refresh}
        refreshing={list.refreshing}
        {...(mayWrite
          ? { create: { label: 'Generate invoices', onClick: () => setDialog({ kind: 'generate' }) } }
          : {})}
        filters={
          <>
            <SelectField
              label="Status"
              containerClassName="w-full sm:w-48"
              placeholder="All statuses"
              options={STATUS_OPTIONS}
              value={status ?? ''}
              onChange={(e) => setStatus((e.target.value || null) as AdminInvoiceStatus | null)}
            />
            <TextField
              label="Publisher ID"
              name="publisher"
              inputMode="numeric"
              autoComplete="off"
              containerClassName="w-full sm:w-36"
              value={publisher}
              onChange={(e) => setPublisher(e.target.value)}
            />
            <TextField
              label="Month"
              name="month"
              type="month"
              containerClassName="w-full sm:w-44"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
            />
          </>
        }
      />
      <DataTable
        what="the invoices"
        label="Invoices"
        columns={INVOICE_COLUMNS}
        rows={list.rows}
        rowKey={(i) => i.id}
        state={list}
        emptyText={filtered ? 'No invoice matches these filters' : 'No invoices yet'}
        emptyHint={filtered ? 'Clear a filter to see more.' : 'Invoices are made for each closed month.'}
      />
      <LazyInvoiceDialog dialog={dialog} onClose={() => setDialog(null)} />
    </PageWrapper>
  );
}
