import { useId } from 'react';
import type { OperatorMe } from '@portal/shared/admin/operators.schemas';
import { TwoFactorSettings, type TwoFactorTexts } from '../../../components/auth/two-factor-settings.tsx';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { shownRecoveryCodes, useOperatorTwoFactorCalls } from './two-factor-api.ts';

/** The console's words; the server's own for a refused password or code ('Invalid code'). */
const TEXTS: TwoFactorTexts = {
  setupLead: (
    <>
      Two-factor authentication is <strong>off</strong>. Confirm your password to set it up.
    </>
  ),
  setupButton: 'Set up two-factor',
  howToAdd: (key, { secret, otpauth_uri }) => (
    <>
      <p className="text-[15px] text-slate-700">
        Add this key to your authenticator app (or{' '}
        <a href={otpauth_uri} className="font-medium text-accent underline">
          open it in the app
        </a>
        ), then enter the 6-digit code it shows.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        {key}
        <CopyButton text={secret} size="sm" />
      </div>
    </>
  ),
  codesBody: 'Two-factor authentication is on. Keep these recovery codes: they are shown once.',
  codesLeft: (left) => `Recovery codes left: ${left}.`,
  turnOffLabel: 'Code or recovery code',
  turnedOff: 'Two-factor authentication is off.',
};

const PROBLEMS = {
  setup: (err: unknown) => fieldMessage(err, 'password') ?? consoleWriteProblem(err),
  code: (err: unknown) => fieldMessage(err, 'code') ?? consoleWriteProblem(err),
};

/** The signed-in operator's two-factor authentication: the publisher profile's settings, with the operator API. */
export function TwoFactorPanel({
  me,
  codes,
}: {
  me: OperatorMe;
  /** The recovery codes just made: shown once, whatever the operator's state says after. */
  codes: string[] | null;
}) {
  const calls = useOperatorTwoFactorCalls();
  const headingId = useId();
  return (
    <Card className="p-5" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-base font-semibold text-slate-900">
        Two-factor authentication
      </h2>
      <TwoFactorSettings
        state={{ enabled: me.two_factor_enabled, recoveryCodesLeft: me.recovery_codes_left }}
        calls={calls}
        texts={TEXTS}
        problems={PROBLEMS}
        locked={
          me.two_factor_required ? (
            <AlertBox tone="info">
              The console requires two-factor for every operator: it cannot be turned off.
            </AlertBox>
          ) : undefined
        }
        codes={codes}
        onCodes={shownRecoveryCodes.set}
      />
    </Card>
  );
}
