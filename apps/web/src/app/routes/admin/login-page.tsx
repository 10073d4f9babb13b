import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CodeForm } from '../../../components/auth/code-form.tsx';
import { LoginForm } from '../../../components/auth/login-form.tsx';
import { operatorLogin, operatorVerifyCode } from '../../../features/admin/api/session.ts';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { consoleCodeProblem, consoleLoginFields, consoleLoginProblem } from '../../../features/admin/login-problems.ts';
import { saveOperatorToken } from '../../../features/admin/session/operator-session.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { useBrand, usePageTitle } from '../../../lib/brand.ts';

/**
 * The console's sign-in (docs/operator-console.md): e-mail and password, then the code when
 * two-factor is on; the publisher log-in's forms with the operator API's calls and the server's words.
 */
export function Component() {
  usePageTitle('Log in to the console');
  const brand = useBrand();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  // After a password was set from a link, the e-mail it signs in with.
  const initialEmail = (location.state as { email?: string } | null)?.email ?? '';
  // The pending two-factor token stays in memory: it is not a session.
  const [pending, setPending] = useState<string | null>(null);

  const finish = (jwt: string) => {
    queryClient.removeQueries({ queryKey: ['admin'] });
    saveOperatorToken(jwt);
    void navigate(consolePaths.overview, { replace: true });
  };

  if (pending) {
    return (
      <AuthCard title="Two-factor authentication" lead="One more step to keep the console safe.">
        <CodeForm
          verify={(code) => operatorVerifyCode(code, pending)}
          problemOf={consoleCodeProblem}
          onSuccess={finish}
          onCancel={() => setPending(null)}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Log in to the console" lead={`${brand.productName} operators sign in here.`}>
      <LoginForm
        initialEmail={initialEmail}
        logIn={operatorLogin}
        fieldErrors={consoleLoginFields}
        problemOf={consoleLoginProblem}
        onSuccess={(r) => (r.twoFactor ? setPending(r.jwt) : finish(r.jwt))}
      />
    </AuthCard>
  );
}
