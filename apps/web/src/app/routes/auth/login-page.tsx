import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { LoginForm, type LoginResult } from '../../../features/auth/components/login-form.tsx';
import { TwoFactorForm } from '../../../features/auth/components/two-factor-form.tsx';
import { usePageTitle } from '../../../lib/brand.ts';
import { saveSession } from '../../../lib/session.ts';

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
        <TwoFactorForm
          pendingToken={pending.token}
          onSuccess={(jwt) => finish(jwt, pending.multilogin)}
          onCancel={() => setPending(null)}
        />
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
      <LoginForm onSuccess={onLogin} />
    </AuthCard>
  );
}
