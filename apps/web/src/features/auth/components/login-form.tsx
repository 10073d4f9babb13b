import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuthenticate } from '../api/auth.ts';
import { loginFieldErrors, loginProblem, type LoginProblem } from '../login-errors.ts';

export interface LoginResult {
  jwt: string;
  multilogin: boolean;
  twoFactor: boolean;
}

/** Email and password; the button is enabled once both are filled (docs/errors.md). */
export function LoginForm({ onSuccess }: { onSuccess: (r: LoginResult) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const [fields, setFields] = useState<{ user_name?: string; password?: string }>({});
  const login = useAuthenticate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email || !password) return;
    setProblem(null);
    setFields({});
    login.mutate(
      { user_name: email.trim(), password },
      {
        onSuccess: (r) =>
          onSuccess({
            jwt: r.data.jwt,
            multilogin: r.data.multilogin_enabled,
            twoFactor: r.data.two_factor_required === true,
          }),
        onError: (err) => {
          const f = loginFieldErrors(err);
          setFields(f);
          if (!f.user_name && !f.password) setProblem(loginProblem(err));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {problem ? <AlertBox tone={problem.tone}>{problem.message}</AlertBox> : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        autoFocus
        value={email}
        error={fields.user_name}
        onChange={(e) => {
          setEmail(e.target.value);
          setFields((f) => ({ ...f, user_name: undefined }));
        }}
      />
      <div className="flex flex-col gap-1.5">
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={fields.password}
          onChange={(e) => {
            setPassword(e.target.value);
            setFields((f) => ({ ...f, password: undefined }));
          }}
        />
        <Link to={paths.forgotPassword} className="self-end rounded text-sm font-medium text-accent hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={!email || !password} loading={login.isPending}>
        Log in
      </Button>
    </form>
  );
}
