import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { AlertBox } from '../ui/alert-box.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import type { FormProblem } from './form-problem.ts';

export interface Credentials {
  /** Trimmed. */
  email: string;
  password: string;
}

export interface LoginFieldErrors {
  email?: string | undefined;
  password?: string | undefined;
}

/**
 * E-mail and password, the publisher log-in's and the console's: Log in is enabled once both are
 * filled (docs/errors.md); a field the server refuses says so under it, anything else above the
 * fields. The side's own call and texts come in.
 */
export function LoginForm<Result>({
  logIn,
  onSuccess,
  fieldErrors,
  problemOf,
  initialEmail = '',
  passwordHint,
}: {
  /** Signs in; resolves with what the page goes on with (a session, or the two-factor step). */
  logIn: (credentials: Credentials) => Promise<Result>;
  onSuccess: (result: Result) => void;
  /** The server's field errors, in the form's words. */
  fieldErrors: (error: unknown) => LoginFieldErrors;
  /** What a failed sign-in says above the fields. */
  problemOf: (error: unknown) => FormProblem;
  /** An e-mail already known (after a password was set): the password gets the focus. */
  initialEmail?: string;
  /** Under the password field (the publisher side's 'Forgot password?'). */
  passwordHint?: ReactNode;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [fields, setFields] = useState<LoginFieldErrors>({});
  const call = useMutation({ mutationFn: logIn });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email || !password) return;
    setProblem(null);
    setFields({});
    call.mutate(
      { email: email.trim(), password },
      {
        onSuccess,
        onError: (err) => {
          const f = fieldErrors(err);
          setFields(f);
          if (!f.email && !f.password) setProblem(problemOf(err));
        },
      },
    );
  };

  const passwordField = (
    <TextField
      label="Password"
      type="password"
      name="password"
      autoComplete="current-password"
      autoFocus={Boolean(initialEmail)}
      value={password}
      error={fields.password}
      onChange={(e) => {
        setPassword(e.target.value);
        setFields((f) => ({ ...f, password: undefined }));
      }}
    />
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {problem ? <AlertBox tone={problem.tone}>{problem.message}</AlertBox> : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        autoFocus={!initialEmail}
        value={email}
        error={fields.email}
        onChange={(e) => {
          setEmail(e.target.value);
          setFields((f) => ({ ...f, email: undefined }));
        }}
      />
      {passwordHint ? (
        <div className="flex flex-col gap-1.5">
          {passwordField}
          {passwordHint}
        </div>
      ) : (
        passwordField
      )}
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={!email || !password} loading={call.isPending}>
        Log in
      </Button>
    </form>
  );
}
