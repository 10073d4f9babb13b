import { useState, type FormEvent } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
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
  const problem = link.error && !emailError ? consoleWriteProblem(link.error) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    link.mutate(
      { email },
      {
        onSuccess: () => {
          alerts.success(`${email.trim()} can now use ${publisher.name}.`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Link a user"
      description={`An existing user gets access to ${publisher.name} too, beside their own accounts.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="link-user" loading={link.isPending} disabled={email.trim() === ''}>
            Link user
          </Button>
        </>
      }
    >
      <form id="link-user" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
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
      </form>
    </Modal>
  );
}
