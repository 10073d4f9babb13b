import ShieldCheck from 'lucide-react/icons/shield-check';
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_CODE_LENGTH } from '@portal/shared/constants';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useOperatorVerifyCode } from '../api/session.ts';
import { consoleLoginProblem, fieldMessage } from '../login-problems.ts';

/** The sign-in's second step when two-factor is on: six digits enable Verify, as on the publisher login. */
export function ConsoleCodeForm({
  pendingToken,
  onSuccess,
  onCancel,
}: {
  pendingToken: string;
  onSuccess: (jwt: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useOperatorVerifyCode();
  const ready = code.length === TWO_FACTOR_CODE_LENGTH;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setProblem(null);
    verify.mutate(
      { code, token: pendingToken },
      {
        onSuccess: (r) => onSuccess(r.data.jwt),
        onError: (err) =>
          setProblem(
            fieldMessage(err, 'code') ??
              (isApiError(err) && err.status === 401
                ? 'Your code expired. Please log in again.'
                : consoleLoginProblem(err)),
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex items-center gap-3 rounded-lg bg-accent-soft px-3.5 py-3 text-sm text-slate-800">
        <ShieldCheck size={20} aria-hidden="true" className="shrink-0 text-accent" />
        Enter the 6-digit code from your authenticator app.
      </div>
      {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
      <TextField
        label="Authentication code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={TWO_FACTOR_CODE_LENGTH}
        pattern="[0-9]*"
        value={code}
        className="text-center font-mono text-xl tracking-[0.5em]"
        onChange={(e) => {
          setCode(e.target.value.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH));
          setProblem(null);
        }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={!ready} loading={verify.isPending}>
        Verify
      </Button>
      <Button variant="ghost" onClick={onCancel} className="w-full">
        Back to log in
      </Button>
    </form>
  );
}
