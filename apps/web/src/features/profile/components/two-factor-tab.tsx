import { useState } from 'react';
import { TwoFactorSettings, type TwoFactorTexts } from '../../../components/auth/two-factor-settings.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useTwoFactorCalls, useTwoFactorStatus } from '../api/profile.ts';
import { PROFILE_MESSAGES } from '../profile-errors.ts';

/** A refused code, a spent budget, or anything else. */
const codeError = (err: unknown) =>
  isApiError(err) && err.fields['code']
    ? 'Invalid code'
    : isApiError(err) && err.status === 429 && err.serverMessage
      ? err.serverMessage
      : PROFILE_MESSAGES.wentWrong;

/** The message of a refused setup: a wrong password, a spent budget, or anything else. */
const setupError = (err: unknown) =>
  isApiError(err) && err.fields['password']
    ? PROFILE_MESSAGES.invalidCredentials
    : isApiError(err) && err.status === 429 && err.serverMessage
      ? err.serverMessage
      : PROFILE_MESSAGES.wentWrong;

const TEXTS: TwoFactorTexts = {
  setupLead:
    'Add a second step to your log-in: after your password, you type a 6-digit code from an authenticator app on your phone. Turning it on logs you out everywhere else.',
  setupButton: 'Set up two-factor authentication',
  howToAdd: (key) => (
    <ol className="flex list-decimal flex-col gap-2 pl-5 text-[15px] text-slate-700">
      <li>Scan the QR code with your authenticator app.</li>
      <li>
        Or type this key instead:
        {key}
      </li>
      <li>Enter the 6-digit code the app shows.</li>
    </ol>
  ),
  codesTitle: 'Two-factor authentication is on',
  codesBody:
    'Save these recovery codes somewhere safe. Each works once if you lose your phone. They are shown only now.',
  codesDone: 'I saved my codes',
  codesLeft: (left) => `${left} recovery ${left === 1 ? 'code' : 'codes'} left`,
  turnOffHeading: 'Turn off two-factor authentication',
  turnOffLead: 'Turning it off logs you out everywhere else.',
  turnOffLabel: 'Authentication or recovery code',
  turnedOff: 'Two-factor authentication has been turned off.',
};

/** The profile's Two-Factor Auth tab: the user's status, then the shared settings with the profile API. */
export function TwoFactorTab() {
  const status = useTwoFactorStatus();
  const calls = useTwoFactorCalls();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (!recoveryCodes && status.isPending) return <LoadingBlock label="Loading two-factor status" />;
  if (!recoveryCodes && status.isError)
    return (
      <LoadFailure
        title={PROFILE_MESSAGES.wentWrong}
        what="your two-factor status"
        error={status.error}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  return (
    <TwoFactorSettings
      state={{ enabled: status.data?.enabled ?? false, recoveryCodesLeft: status.data?.recovery_codes_left ?? 0 }}
      calls={calls}
      texts={TEXTS}
      problems={{ setup: setupError, code: codeError }}
      codes={recoveryCodes}
      onCodes={setRecoveryCodes}
    />
  );
}
