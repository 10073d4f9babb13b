import ShieldCheck from 'lucide-react/icons/shield-check';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AlertBox } from '../ui/alert-box.tsx';
import { Button } from '../ui/button.tsx';
import type { FormProblem } from './form-problem.ts';
import { isCompleteCode, OneTimeCodeField } from './one-time-code-field.tsx';

/**
 * The sign-in's second step when two-factor is on (the publisher log-in's and the console's): six
 * digits enable Verify (docs/screens.md, docs/errors.md). The side's own call and texts come in.
 */
export function CodeForm({
  verify,
  problemOf,
  onSuccess,
  onCancel,
}: {
  /** Sends the code with the pending sign-in; resolves with the session's token. */
  verify: (code: string) => Promise<string>;
  /** What a refused code or a failed call says ('Invalid code', an expired step…). */
  problemOf: (error: unknown) => FormProblem;
  onSuccess: (jwt: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const call = useMutation({ mutationFn: verify });
  const ready = isCompleteCode(code);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setProblem(null);
    call.mutate(code, { onSuccess, onError: (err) => setProblem(problemOf(err)) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex items-center gap-3 rounded-lg bg-accent-soft px-3.5 py-3 text-sm text-slate-800">
        <ShieldCheck size={20} aria-hidden="true" className="shrink-0 text-accent" />
        Enter the 6-digit code from your authenticator app.
      </div>
      {problem ? <AlertBox tone={problem.tone}>{problem.message}</AlertBox> : null}
      <OneTimeCodeField
        autoFocus
        value={code}
        className="text-center font-mono text-xl tracking-[0.5em]"
        onChange={(next) => {
          setCode(next);
          setProblem(null);
        }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={!ready} loading={call.isPending}>
        Verify
      </Button>
      <Button variant="ghost" onClick={onCancel} className="w-full">
        Back to log in
      </Button>
    </form>
  );
}
