import { useEffect } from 'react';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { shownRecoveryCodes } from '../../../features/admin/security/two-factor-api.ts';
import { PasswordPanel } from '../../../features/admin/security/password-panel.tsx';
import { TwoFactorPanel } from '../../../features/admin/security/two-factor-panel.tsx';

/** The signed-in operator's own security: the password and two-factor authentication (docs/operator-console.md). */
export function Component() {
  const me = useOperatorMe();
  // Above the block: turning two-factor on renews the token, and the operator reloads.
  const codes = shownRecoveryCodes.use();
  useEffect(() => () => shownRecoveryCodes.set(null), []);
  return (
    <PageWrapper title="Security" description="Your own sign-in to the console.">
      <div className="flex flex-col gap-6">
        <PasswordPanel />
        <QueryBlock query={me} what="your account">
          {(data) => <TwoFactorPanel me={data} codes={codes} />}
        </QueryBlock>
      </div>
    </PageWrapper>
  );
}
