import { useState } from 'react';
import { TextField } from '../../../components/ui/field.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { ConsoleFormModal } from '../components/console-form-modal.tsx';
import { fieldMessage } from '../login-problems.ts';
import { useLinkUser } from './publishers-api.ts';

/** Gives an existing user this account too: they choose between their accounts at log-in. */
export function LinkUserModal({
  publisher,
  onClose,
}: {
  publisher: { id: number; name: string };
  onClose: () => void;
}) {
  const link = useLinkUser(publisher.id);
  const [email, setEmail] = useState('');
  const emailError = fieldMessage(link.error, 'email');
  const submit = () =>
    link.mutate(
      { email },
      {
        onSuccess: () => {
          alerts.success(`${email.trim()} can now use ${publisher.name}.`);
          onClose();
        },
      },
    );
  return (
    <ConsoleFormModal
      title="Link a user"
      description={`An existing user gets access to ${publisher.name} too, beside their own accounts.`}
      submitLabel="Link user"
      submitDisabled={email.trim() === ''}
      pending={link.isPending}
      error={link.error}
      errorAtField={Boolean(emailError)}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Email"
        name="email"
        type="email"
        required
        autoFocus
        autoComplete="off"
        error={emailError}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
    </ConsoleFormModal>
  );
}
