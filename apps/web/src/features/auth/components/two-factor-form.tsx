import ShieldCheck from 'lucide-react/icons/shield-check';
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_CODE_LENGTH } from '@portal/shared/constants';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useVerifyCode } from '../api/auth.ts';
import { twoFactorProblem, type LoginProblem } from '../login-errors.ts';

/** The second login step: a 6-digit code enables Verify (docs/screens.md, docs/errors.md). */
export function TwoFactorForm({
  pendingToken,
  onSuccess,
  onCancel,
}: {
  pendingToken: string;
  onSuccess: (jwt: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const verify = useVerifyCode();
  const ready = code.length === TWO_FACTOR_CODE_LENGTH;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setProblem(null);
    verify.mutate(
      { code, token: pendingToken },
      { onSuccess: (r) => onSuccess(r.data.jwt), onError: (err) => setProblem(twoFactorProblem(err)) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex items-center gap-3 rounded-lg bg-accent-soft px-3.5 py-3 text-sm text-slate-800">
        <ShieldCheck size={20} aria-hidden="true" className="shrink-0 text-accent" />
        Enter the 6-digit code from your authenticator app.
      </div>
      {problem ? <AlertBox tone={problem.tone}>{problem.message}</AlertBox> : null}
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
