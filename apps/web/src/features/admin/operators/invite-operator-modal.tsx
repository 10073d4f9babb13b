import {
  OPERATOR_ROLE_HINTS,
  OPERATOR_ROLE_LABELS,
  OPERATOR_ROLES,
  type OperatorRole,
} from '@portal/shared/admin/operators.constants';
import type { OperatorInviteResponse } from '@portal/shared/admin/operators.schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ConsoleFormModal } from '../components/console-form-modal.tsx';
import { fieldMessage } from '../login-problems.ts';
import { useInviteOperator } from './operators-api.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

const ROLE_OPTIONS = OPERATOR_ROLES.map((r) => ({
  value: r,
  label: `${OPERATOR_ROLE_LABELS[r]}: ${OPERATOR_ROLE_HINTS[r]}`,
}));

/**
 * Invite operator: e-mail, name and role; then the set-password link, shown this once with a Copy
 * button (it is e-mailed too), for the owner to pass on if the mail does not arrive.
 */
export function InviteOperatorModal({ onClose }: { onClose: () => void }) {
  const invite = useInviteOperator();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>('viewer');
  const [done, setDone] = useState<OperatorInviteResponse['data'] | null>(null);
  const err = invite.error;
  const fields = {
    email: fieldMessage(err, 'email'),
    name: fieldMessage(err, 'name'),
    role: fieldMessage(err, 'role'),
  };

  const submit = () =>
    invite.mutate({ email: email.trim(), name: name.trim(), role }, { onSuccess: (r) => setDone(r.data) });

  if (done) {
    return (
      <Modal
        open
        onOpenChange={(o) => !o && onClose()}
        title="Invitation sent"
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <div className="flex flex-col gap-4 text-sm text-slate-700">
          <p>
            {done.operator.email} was e-mailed a link to set a password. It is shown here this once: copy it if the mail
            may not arrive. It works once, until {formatDateTime(done.expires_at, browserTimeZone())}.
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
      title="Invite operator"
      description="They set their own password from the link they get."
      submitLabel="Send invitation"
      submitDisabled={!email.trim()}
      pending={invite.isPending}
      error={err}
      errorAtField={Boolean(fields.email || fields.name || fields.role)}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="off"
        required
        autoFocus
        value={email}
        error={fields.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        value={name}
        error={fields.name}
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label="Role"
        options={ROLE_OPTIONS}
        value={role}
        error={fields.role}
        onChange={(e) => setRole(e.target.value as OperatorRole)}
      />
    </ConsoleFormModal>
  );
}
