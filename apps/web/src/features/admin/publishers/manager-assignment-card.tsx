import type { AccountManager } from '@portal/shared/profile/profile.schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem } from '../login-problems.ts';
import { useAccountManagers, useSetAccountManager } from './publishers-api.ts';

/** The account manager the publisher's portal shows; a manager of the console changes it here. */
export function ManagerAssignmentCard({
  publisherId,
  current,
  canWrite,
}: {
  publisherId: number;
  current: AccountManager | null;
  canWrite: boolean;
}) {
  const managers = useAccountManagers();
  const save = useSetAccountManager(publisherId);
  const [chosen, setChosen] = useState(current ? String(current.id) : '');
  const changed = chosen !== (current ? String(current.id) : '');
  const submit = () =>
    save.mutate(
      { account_manager_id: chosen ? Number(chosen) : null },
      {
        onSuccess: () => alerts.success('Account manager saved.'),
        onError: (err) => alerts.error(consoleWriteProblem(err)),
      },
    );
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Account manager</h2>
      {current ? (
        <div className="mt-2 text-sm">
          <p className="font-medium text-slate-900">{current.name}</p>
          <p className="break-all text-slate-600">{current.email}</p>
          {current.phone ? <p className="text-slate-600">{current.phone}</p> : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">None: the portal shows no account manager.</p>
      )}
      {canWrite ? (
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <SelectField
            label="Change account manager"
            containerClassName="min-w-0 flex-1"
            placeholder="None"
            options={(managers.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.email})` }))}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
          />
          <Button variant="secondary" onClick={submit} disabled={!changed} loading={save.isPending}>
            Save
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
