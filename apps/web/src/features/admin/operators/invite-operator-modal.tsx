import {
  OPERATOR_ROLE_HINTS,
  OPERATOR_ROLE_LABELS,
  OPERATOR_ROLES,
  type OperatorRole,
} from '@portal/shared/admin/operators.constants';
import type { OperatorInviteResponse } from '@portal/shared/admin/operators.schemas';
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { ConsoleFormModal } from '../components/console-form-modal.tsx';
import { LinkShownOnceModal } from './link-shown-once-modal.tsx';
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
      <LinkShownOnceModal title="Invitation sent" link={done.link} onClose={onClose}>
        {done.operator.email} was e-mailed a link to set a password. It is shown here this once: copy it if the mail may
        not arrive. It works once, until {formatDateTime(done.expires_at, browserTimeZone())}.
      </LinkShownOnceModal>
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
