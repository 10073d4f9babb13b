import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoginForm } from '../../../components/auth/login-form.tsx';
import { paths } from '../../../config/paths.ts';
import { logIn, verifyCode, type LoginResult } from '../../../features/auth/api/auth.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { loginFormErrors, loginProblem, twoFactorProblem } from '../../../features/auth/login-errors.ts';
import { usePageTitle } from '../../../lib/brand.ts';
import { saveSession } from '../../../lib/session.ts';

// Only an account with two-factor on takes the second step: its form loads when the step begins.
const CodeForm = lazy(() => import('../../../components/auth/code-form.tsx').then((m) => ({ default: m.CodeForm })));

export function Component() {
  usePageTitle('Log in');
  const navigate = useNavigate();
  // The pending two-factor token stays in memory: it is not a session.
  const [pending, setPending] = useState<{ token: string; multilogin: boolean } | null>(null);

  const finish = (jwt: string, multilogin: boolean) => {
    saveSession(jwt, { multiLoginPending: multilogin });
    void navigate(multilogin ? paths.selectAccount : paths.home, { replace: true });
  };
  const onLogin = (r: LoginResult) => {
    if (r.twoFactor) setPending({ token: r.jwt, multilogin: r.multilogin });
    else finish(r.jwt, r.multilogin);
  };

  if (pending) {
    return (
      <AuthCard title="Two-factor authentication" lead="One more step to keep your account safe.">
        <Suspense fallback={null}>
          <CodeForm
            verify={(code) => verifyCode(code, pending.token).then((r) => r.data.jwt)}
            problemOf={twoFactorProblem}
            onSuccess={(jwt) => finish(jwt, pending.multilogin)}
            onCancel={() => setPending(null)}
          />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Log in to your account"
      lead="Welcome back. Enter your details to continue."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.signup} className="rounded font-medium text-accent hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <LoginForm
        logIn={logIn}
        fieldErrors={loginFormErrors}
        problemOf={loginProblem}
        onSuccess={onLogin}
        passwordHint={
          <Link to={paths.forgotPassword} className="self-end rounded text-sm font-medium text-accent hover:underline">
            Forgot password?
          </Link>
        }
      />
    </AuthCard>
  );
}
