import { useState, type FormEvent } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useOperatorLogin } from '../api/session.ts';
import { consoleLoginProblem, fieldMessage } from '../login-problems.ts';

export interface ConsoleLoginResult {
  jwt: string;
  twoFactor: boolean;
}

/**
 * The console's e-mail and password, with the publisher login's texts: field errors, 'Invalid
 * credentials.', and the server's own words for a throttled (429) or disabled (403) sign-in.
 */
export function ConsoleLoginForm({
  initialEmail = '',
  onSuccess,
}: {
  initialEmail?: string;
  onSuccess: (r: ConsoleLoginResult) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<{ email?: string; password?: string }>({});
  const login = useOperatorLogin();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email || !password) return;
    setProblem(null);
    setFields({});
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (r) => onSuccess({ jwt: r.data.jwt, twoFactor: r.data.two_factor_required }),
        onError: (err) => {
          const f = { email: fieldMessage(err, 'email'), password: fieldMessage(err, 'password') };
          setFields(f);
          if (!f.email && !f.password) setProblem(consoleLoginProblem(err));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
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
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={!email || !password} loading={login.isPending}>
        Log in
      </Button>
    </form>
  );
}
