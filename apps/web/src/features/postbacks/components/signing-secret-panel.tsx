import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import KeyRound from 'lucide-react/icons/key-round';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { lazy, Suspense, useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { tooManyMessage } from '../../../lib/api-error.ts';
import { useRotateSigningSecret, useSigningSecret } from '../api/signing-secret.ts';

// The confirmation loads when first asked for, not with the page.
const RotateSecretModal = lazy(() =>
  import('./rotate-secret-modal.tsx').then((m) => ({ default: m.RotateSecretModal })),
);

export const SIGNING_MESSAGES = {
  rotated: 'Signing secret rotated. The next postback is signed with the new secret.',
  rotateFailed: 'The signing secret could not be rotated. Please try again.',
  loadFailed: 'The signing secret could not be loaded.',
} as const;

const PREFIX = 'whsec_';
/** The secret hidden: its prefix shows which kind of value it is, nothing of the key itself. */
const masked = (secret: string) => (secret.startsWith(PREFIX) ? PREFIX : '') + '•'.repeat(24);

/**
 * The publisher's postback signing secret beside their postbacks: masked until revealed, copied in
 * one click, rotated after a confirmation (receivers checking the old secret reject what follows).
 */
export function SigningSecretPanel() {
  const secret = useSigningSecret();
  const rotate = useRotateSigningSecret();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Mounted once asked for, and kept: its closing runs as it should.
  const [asked, setAsked] = useState(false);

  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        alerts.success(SIGNING_MESSAGES.rotated);
      },
      onError: (err) => alerts.error(tooManyMessage(err) ?? SIGNING_MESSAGES.rotateFailed),
    });

  const value = secret.data?.postback_signing_secret;
  return (
    // A plain section with the card's look: importing Card here would regroup the login page's
    // shared chunks past its size budget (apps/web/vite.config.ts).
    <section
      aria-labelledby="signing-secret-heading"
      className="mb-6 rounded-xl border border-slate-200 bg-white px-4 py-4 shadow-xs sm:px-5"
    >
      <div className="flex flex-col gap-3 xl:flex-row xl:items-center xl:justify-between xl:gap-6">
        <div className="min-w-0 xl:max-w-sm">
          <h2 id="signing-secret-heading" className="flex items-center gap-2 font-semibold text-slate-900">
            <KeyRound size={18} aria-hidden="true" className="text-accent" />
            Signing secret
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Postbacks sent from our servers carry <code className="text-[13px]">Webhook-Signature</code> headers made
            with this secret, so your tracker can check they come from us. Pixels are not signed.
          </p>
        </div>
        {secret.isPending ? (
          <Spinner label="Loading the signing secret" />
        ) : secret.isError || !value ? (
          <AlertBox tone="error">
            {SIGNING_MESSAGES.loadFailed}{' '}
            <Button variant="link" onClick={() => void secret.refetch()} loading={secret.isFetching}>
              Try again
            </Button>
          </AlertBox>
        ) : (
          <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
            <p
              data-testid="signing-secret"
              className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-[13px] break-all text-slate-900 sm:w-96 sm:shrink-0"
            >
              <span className="sr-only">{revealed ? 'Signing secret: ' : 'Signing secret, hidden: '}</span>
              {revealed ? value : masked(value)}
            </p>
            <div className="flex flex-wrap gap-2 sm:flex-nowrap">
              <Button
                variant="secondary"
                aria-pressed={revealed}
                onClick={() => setRevealed((v) => !v)}
                icon={revealed ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
              >
                {revealed ? 'Hide' : 'Reveal'}
              </Button>
              <CopyButton text={value} />
              <Button
                variant="secondary"
                onClick={() => {
                  setAsked(true);
                  setConfirming(true);
                }}
                icon={<RefreshCw size={16} aria-hidden="true" />}
              >
                Rotate
              </Button>
            </div>
          </div>
        )}
      </div>
      {asked ? (
        <Suspense fallback={null}>
          <RotateSecretModal
            open={confirming}
            pending={rotate.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={onRotate}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
