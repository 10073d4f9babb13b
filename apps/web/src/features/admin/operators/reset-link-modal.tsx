import { OPERATOR_PASSWORD_LINK_TTL_HOURS } from '@portal/shared/admin/operators.constants';
import type { OperatorResetLinkResponse, OperatorRow } from '@portal/shared/admin/operators.schemas';
import { useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { ConsoleFormModal } from '../components/console-form-modal.tsx';
import { LinkShownOnceModal } from './link-shown-once-modal.tsx';
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
      <LinkShownOnceModal title="Reset link" link={done.link} onClose={onClose}>
        Give this link to {done.operator.email} yourself: it is shown here this once and not e-mailed. It sets a new
        password once, until {formatDateTime(done.expires_at, browserTimeZone())}.
      </LinkShownOnceModal>
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
