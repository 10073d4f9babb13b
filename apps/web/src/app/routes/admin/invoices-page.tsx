import {
  ADMIN_INVOICE_STATUSES,
  ADMIN_INVOICE_STATUS_LABELS,
  type AdminInvoiceStatus,
} from '@portal/shared/admin/invoices.constants';
import { roleAllows } from '@portal/shared/admin/operators.constants';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { FilterSelect } from '../../../components/ui/list/filter-controls.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { oneOfFilter, useListFilters } from '../../../components/ui/list/use-list-filters.ts';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { INVOICE_COLUMNS } from '../../../features/admin/invoices/invoice-columns.tsx';
import { useAdminInvoiceList, useDownloadPayableCsv } from '../../../features/admin/invoices/invoices-api.ts';
import { consoleWriteProblem } from '../../../features/admin/login-problems.ts';
import { alerts } from '../../../lib/alerts.ts';
import { LazyInvoiceDialog, type InvoiceDialog } from '../../../features/admin/invoices/lazy-invoice-modals.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const STATUS_OPTIONS = ADMIN_INVOICE_STATUSES.map((s) => ({ value: s, label: ADMIN_INVOICE_STATUS_LABELS[s] }));
const FILTERS = { status: oneOfFilter<AdminInvoiceStatus>(ADMIN_INVOICE_STATUSES) };

/**
 * The network's invoices: generate a month, filter (the status kept in the address; the publisher's
 * id and the month as typed), open one (docs/operator-console.md "Invoices").
 */
export function Component() {
  const { data: me } = useOperatorMe();
  const filters = useListFilters(FILTERS);
  const { status } = filters.filters;
  const [publisher, setPublisher] = useState('');
  const [month, setMonth] = useState('');
  const [dialog, setDialog] = useState<InvoiceDialog>(null);
  const publisherText = useDebouncedValue(publisher.trim(), 500);
  const publisherId = /^\d{1,10}$/.test(publisherText) ? Number(publisherText) : null;
  const list = useAdminInvoiceList({ status, publisherId, month: /^\d{4}-\d{2}$/.test(month) ? month : null });
  const mayWrite = me ? roleAllows(me.role, 'manager') : false;
  // The month's payable invoices (the month filter's, else the last closed one).
  const payable = useDownloadPayableCsv();
  const filtered = filters.filtered || publisherId !== null || month !== '';

  return (
    <PageWrapper title="Invoices" description="Every publisher's monthly invoices, newest first." wide>
      <ListToolbar
        list={list}
        {...(mayWrite
          ? { create: { label: 'Generate invoices', onClick: () => setDialog({ kind: 'generate' }) } }
          : {})}
        filters={
          <>
            <FilterSelect
              filters={filters}
              name="status"
              label="Status"
              placeholder="All statuses"
              options={STATUS_OPTIONS}
              className="w-full sm:w-48"
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
            <div className="flex items-end">
              <Button
                variant="secondary"
                loading={payable.isPending}
                onClick={() =>
                  payable.mutate(/^\d{4}-\d{2}$/.test(month) ? month : '', {
                    onError: (err) => alerts.error(consoleWriteProblem(err)),
                  })
                }
              >
                Download payable CSV
              </Button>
            </div>
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
