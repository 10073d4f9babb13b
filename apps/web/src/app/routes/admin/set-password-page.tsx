import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@portal/shared/constants';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { useOperatorSetPassword } from '../../../features/admin/api/session.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { isApiError, tooManyMessage } from '../../../lib/api-error.ts';
import { usePageTitle } from '../../../lib/brand.ts';
import { takeSetPasswordToken } from '../../../lib/login-link.ts';

let taken = '';
/**
 * The link's token: taken out of the address bar before the router started (lib/login-link.ts, so
 * it stays neither in the history nor in a Referer), and kept here for the renders after the first.
 */
function takeToken(): string {
  const token = takeSetPasswordToken();
  if (token !== null) taken = token;
  return taken;
}

type Fields = { password?: string; password_verify?: string };

/**
 * An operator's password from a one-time link (an invitation, an owner's reset link, `operator:create`
 * or `operator:reset-password`): the rules and texts are the server's (docs/operator-console.md);
 * then the sign-in, with the e-mail filled in.
 */
export function Component() {
  usePageTitle('Set your password');
  const navigate = useNavigate();
  const [token] = useState(takeToken);
  const [password, setPassword] = useState('');
  const [verify, setVerify] = useState('');
  const [fields, setFields] = useState<Fields>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useOperatorSetPassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || !verify) return;
    setProblem(null);
    setFields({});
    save.mutate(
      { token, password, password_verify: verify },
      {
        onSuccess: (r) => {
          taken = '';
          alerts.success('Your password is set. Log in with it.');
          void navigate(consolePaths.login, { replace: true, state: { email: r.data.email } });
        },
        onError: (err) => {
          const f: Fields = isApiError(err)
            ? { password: err.fields['password']?.message, password_verify: err.fields['password_verify']?.message }
            : {};
          setFields(f);
          if (f.password || f.password_verify) return;
          const link = isApiError(err) ? err.fields['token']?.message : undefined;
          setProblem(link ?? tooManyMessage(err) ?? (isApiError(err) ? (err.serverMessage ?? err.message) : 'Error'));
        },
      },
    );
  };

  if (!token) {
    return (
      <AuthCard title="Set your password">
        <AlertBox tone="warning">
          This page opens from the link an owner of the console sent you. Please ask them for a new one.
        </AlertBox>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set your password"
      lead={`Use at least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          autoFocus
          value={password}
          error={fields.password}
          onChange={(e) => {
            setPassword(e.target.value);
            setFields((x) => ({ ...x, password: undefined }));
          }}
        />
        <TextField
          label="Confirm Password"
          type="password"
          name="password_verify"
          autoComplete="new-password"
          required
          value={verify}
          error={fields.password_verify}
          onChange={(e) => {
            setVerify(e.target.value);
            setFields((x) => ({ ...x, password_verify: undefined }));
          }}
        />
        <Button type="submit" size="lg" className="w-full" disabled={!password || !verify} loading={save.isPending}>
          Save Password
        </Button>
      </form>
    </AuthCard>
  );
}
