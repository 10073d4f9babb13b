import MailCheck from 'lucide-react/icons/mail-check';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { useSendResetToken } from '../../../features/password-reset/api/password-reset.ts';
import { RESET_MESSAGES, resetFormError } from '../../../features/password-reset/reset-errors.ts';
import { usePageTitle } from '../../../lib/brand.ts';

export function Component() {
  usePageTitle('Reset your password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendResetToken();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    setError(null);
    send.mutate(email.trim(), { onError: (err) => setError(resetFormError(err)) });
  };

  return (
    <AuthCard
      title="Reset your password"
      lead={
        send.isSuccess
          ? undefined
          : 'Enter the email you log in with and we will send you a link to choose a new password.'
      }
      footer={
        <Link to={paths.login} className="rounded font-medium text-accent hover:underline">
          Back to log in
        </Link>
      }
    >
      {send.isSuccess ? (
        <div className="flex flex-col items-center gap-3 py-2 text-center" role="status">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-green-50 text-green-700">
            <MailCheck size={24} aria-hidden="true" />
          </span>
          <p className="text-[15px] text-slate-700">{RESET_MESSAGES.sent}</p>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {error ? <AlertBox tone="error">{error}</AlertBox> : null}
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={!email.trim()} loading={send.isPending}>
            Reset Password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
