import { Link } from 'react-router';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { consolePaths } from '../console-paths.ts';
import { useOperatorMe } from '../api/session.ts';

/** While an owner requires two-factor and this operator has none, only enrolment (Security) is open. */
export function TwoFactorRequiredBanner() {
  const { data: me } = useOperatorMe();
  if (!me?.two_factor_required || me.two_factor_enabled) return null;
  return (
    <div className="mx-auto max-w-[1440px] px-4 pt-4 sm:px-6">
      <AlertBox tone="warning">
        Two-factor authentication is required for operators.{' '}
        <Link to={consolePaths.security} className="font-medium underline">
          Turn it on to continue.
        </Link>
      </AlertBox>
    </div>
  );
}
