import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { SignupWizard } from '../../../features/signup/components/signup-wizard.tsx';
import { usePageTitle } from '../../../lib/brand.ts';

export function Component() {
  usePageTitle('Sign up');
  const { referrerId } = useParams();
  const [search] = useSearchParams();
  const [done, setDone] = useState(false);
  return (
    <AuthCard
      wide
      title={done ? 'Welcome aboard' : 'Become a publisher'}
      lead={
        done ? undefined : referrerId ? (
          <>
            You were invited with referral code <span className="font-medium text-slate-800">{referrerId}</span>.
          </>
        ) : (
          'Tell us about you and your company. It takes about two minutes.'
        )
      }
      footer={
        done ? undefined : (
          <>
            Already have an account?{' '}
            <Link to={paths.login} className="rounded font-medium text-accent hover:underline">
              Log in
            </Link>
          </>
        )
      }
    >
      <SignupWizard
        referrer={referrerId ?? null}
        forceThreeSteps={search.get('forceThreeSteps') === 'true'}
        onDone={() => setDone(true)}
      />
    </AuthCard>
  );
}
