import type { OperatorRole } from '@portal/shared/admin/operators.constants';
import type { OperatorRow } from '@portal/shared/admin/operators.schemas';
import { useMemo, useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { consoleWriteProblem } from '../../../features/admin/login-problems.ts';
import { LazyOperatorDialog, type OperatorDialog } from '../../../features/admin/operators/lazy-operator-modals.tsx';
import { operatorColumns } from '../../../features/admin/operators/operator-columns.tsx';
import { useOperatorList, useUpdateOperator } from '../../../features/admin/operators/operators-api.ts';
import { alerts } from '../../../lib/alerts.ts';

/**
 * The console's operators (owners only): invite, change a role, give a reset link, disable or enable
 * (docs/operator-console.md).
 */
export function Component() {
  const { data: me } = useOperatorMe();
  const isOwner = me?.role === 'owner';
  return (
    <PageWrapper title="Operators" description="Who runs the console, and what each may do." wide>
      {!me ? null : isOwner ? (
        <OperatorsList meId={me.id} />
      ) : (
        <AlertBox tone="info">Only an owner of the console manages operators.</AlertBox>
      )}
    </PageWrapper>
  );
}

function OperatorsList({ meId }: { meId: number }) {
  const list = useOperatorList();
  const update = useUpdateOperator();
  const [dialog, setDialog] = useState<OperatorDialog>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const columns = useMemo(() => {
    const change = (o: OperatorRow, body: { role?: OperatorRole; status?: 'active' }, done: string) => {
      setBusyId(o.id);
      update.mutate(
        { id: o.id, ...body },
        {
          onSuccess: () => alerts.success(done),
          onError: (err) => alerts.error(consoleWriteProblem(err)),
          onSettled: () => setBusyId(null),
        },
      );
    };
    return operatorColumns({
      busyId,
      onRole: (o, role) => change(o, { role }, `${o.email} is now ${role === 'owner' ? 'an' : 'a'} ${role}.`),
      onDisable: (operator) => setDialog({ kind: 'disable', operator }),
      onResetLink: (operator) => setDialog({ kind: 'reset-link', operator }),
      meId,
      onEnable: (o) => change(o, { status: 'active' }, `${o.email} is enabled.`),
    });
  }, [busyId, update, meId]);

  return (
    <>
      <ListToolbar list={list} create={{ label: 'Invite operator', onClick: () => setDialog({ kind: 'invite' }) }} />
      <DataTable
        what="the operators"
        label="Operators"
        columns={columns}
        rows={list.rows}
        rowKey={(o) => o.id}
        state={list}
        emptyText="No operators"
      />
      <LazyOperatorDialog dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
