import { OPERATOR_PASSWORD_LINK_TTL_HOURS } from '@portal/shared/admin/operators.constants';
import type { OperatorResetLinkResponse, OperatorRow } from '@portal/shared/admin/operators.schemas';
import { useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { ConsoleFormModal } from '../components/console-form-modal.tsx';
import { fieldMessage } from '../login-problems.ts';
import { useOperatorResetLink } from './operators-api.ts';

/**
 * An owner's reset link for another operator: asked for, then shown this once with a Copy button,
 * for the owner to pass on. It works once; earlier links stop; using it signs the operator out everywhere.
 */
export function ResetLinkModal({ operator, onClose }: { operator: OperatorRow; onClose: () => void }) {
  const reset = useOperatorResetLink();
  const [done, setDone] = useState<OperatorResetLinkResponse['data'] | null>(null);
  const who = operator.name || operator.email;
  // Refused for this operator (disabled meanwhile, or the owner themselves): the server's words.
  const refused = fieldMessage(reset.error, 'id');

  if (done) {
    return (
      <Modal
        open
        onOpenChange={(o) => !o && onClose()}
        title="Reset link"
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <div className="flex flex-col gap-4 text-sm text-slate-700">
          <p>
            Give this link to {done.operator.email} yourself: it is shown here this once and not e-mailed. It sets a new
            password once, until {formatDateTime(done.expires_at, browserTimeZone())}.
          </p>
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-[13px] break-all text-slate-900">
            {done.link}
          </div>
          <CopyButton text={done.link} className="self-start" />
        </div>
      </Modal>
    );
  }
  return (
    <ConsoleFormModal
      title="Reset link"
      description={`A one-time link with which ${who} chooses a new password.`}
      submitLabel="Create link"
      pending={reset.isPending}
      error={reset.error}
      errorAtField={Boolean(refused)}
      onSubmit={() => reset.mutate(operator.id, { onSuccess: (r) => setDone(r.data) })}
      onClose={onClose}
    >
      {refused ? <AlertBox tone="error">{refused}</AlertBox> : null}
      <p className="text-sm text-slate-700">
        It works once, for {OPERATOR_PASSWORD_LINK_TTL_HOURS} hours, and any earlier link of theirs stops working. Their
        password stays as it is until they use it; then every session of theirs ends.
      </p>
    </ConsoleFormModal>
  );
}
