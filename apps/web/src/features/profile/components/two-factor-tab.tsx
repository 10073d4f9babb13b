import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldOff from 'lucide-react/icons/shield-off';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { TWO_FACTOR_CODE_LENGTH } from '@portal/shared/constants';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup, useTwoFactorStatus } from '../api/profile.ts';
import { PROFILE_MESSAGES } from '../profile-errors.ts';

const codeError = (err: unknown) =>
  isApiError(err) && err.fields['code']
    ? 'Invalid code'
    : isApiError(err) && err.status === 429 && err.serverMessage
      ? err.serverMessage
      : PROFILE_MESSAGES.wentWrong;

/** The QR code is drawn here from the otpauth URI: the secret never leaves the page. */
function QrImage({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="flex size-[200px] items-center justify-center rounded-xl border border-slate-200 bg-white p-1">
      {src ? <img src={src} width={192} height={192} alt="QR code to scan with your authenticator app" /> : null}
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => {
        setCopied(true);
        setTimeout(() => setCopied(false), 4000);
      })
      .catch(() => undefined);
  };
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <AlertBox tone="success" title="Two-factor authentication is on">
        Save these recovery codes somewhere safe. Each works once if you lose your phone. They are shown only now.
      </AlertBox>
      <ul
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-[15px] text-slate-900"
        aria-label="Recovery codes"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          onClick={copy}
          icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button onClick={onDone}>I saved my codes</Button>
      </div>
    </div>
  );
}

/** The message of a refused setup: a wrong password, a spent budget, or anything else. */
const setupError = (err: unknown) =>
  isApiError(err) && err.fields['password']
    ? PROFILE_MESSAGES.invalidCredentials
    : isApiError(err) && err.status === 429 && err.serverMessage
      ? err.serverMessage
      : PROFILE_MESSAGES.wentWrong;

/** Step one: the current password, so that a session left open somewhere cannot turn it on. */
function StartSetup({ setup }: { setup: ReturnType<typeof useTwoFactorSetup> }) {
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) setup.mutate(password);
  };
  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col items-start gap-4">
      <p className="text-[15px] text-slate-700">
        Add a second step to your log-in: after your password, you type a 6-digit code from an authenticator app on your
        phone. Turning it on logs you out everywhere else.
      </p>
      {setup.isError ? <AlertBox tone="error">{setupError(setup.error)}</AlertBox> : null}
      <TextField
        label="Current password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        containerClassName="w-full max-w-xs"
        onChange={(e) => {
          setPassword(e.target.value);
          if (setup.isError) setup.reset();
        }}
      />
      <Button
        type="submit"
        disabled={!password}
        loading={setup.isPending}
        icon={<ShieldCheck size={16} aria-hidden="true" />}
      >
        Set up two-factor authentication
      </Button>
    </form>
  );
}

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!setup.data) return <StartSetup setup={setup} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== TWO_FACTOR_CODE_LENGTH) return;
    setError(null);
    enable.mutate(code, { onSuccess: (r) => onEnabled(r.recovery_codes), onError: (err) => setError(codeError(err)) });
  };
  const secretGroups = setup.data.secret.match(/.{1,4}/g)?.join(' ') ?? setup.data.secret;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <QrImage uri={setup.data.otpauth_uri} />
      <div className="flex max-w-md flex-1 flex-col gap-4">
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-[15px] text-slate-700">
          <li>Scan the QR code with your authenticator app.</li>
          <li>
            Or type this key instead:
            <code
              className="mt-1.5 block w-fit rounded-lg bg-slate-100 px-2.5 py-1.5 font-mono text-sm tracking-wide text-slate-900 select-all"
              data-testid="totp-secret"
            >
              {secretGroups}
            </code>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        {error ? <AlertBox tone="error">{error}</AlertBox> : null}
        <TextField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TWO_FACTOR_CODE_LENGTH}
          value={code}
          className="max-w-48 font-mono text-lg tracking-[0.3em]"
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH));
            setError(null);
          }}
        />
        <div>
          <Button type="submit" disabled={code.length !== TWO_FACTOR_CODE_LENGTH} loading={enable.isPending}>
            Turn on
          </Button>
        </div>
      </div>
    </form>
  );
}

function TurnOff({ codesLeft }: { codesLeft: number }) {
  const disable = useTwoFactorDisable();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setError(null);
    disable.mutate(code.trim(), {
      onSuccess: () => alerts.success('Two-factor authentication has been turned off.'),
      onError: (err) => setError(codeError(err)),
    });
  };
  return (
    <div className="flex max-w-xl flex-col gap-5">
      <div className="flex items-center gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-3.5">
        <ShieldCheck size={22} aria-hidden="true" className="text-green-700" />
        <div>
          <p className="font-medium text-green-900">Two-factor authentication is on</p>
          <p className="text-sm text-green-900">
            {codesLeft} recovery {codesLeft === 1 ? 'code' : 'codes'} left
          </p>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <h3 className="font-medium text-slate-900">Turn off two-factor authentication</h3>
        <p className="-mt-2 text-sm text-slate-600">Turning it off logs you out everywhere else.</p>
        {error ? <AlertBox tone="error">{error}</AlertBox> : null}
        <TextField
          label="Authentication or recovery code"
          name="code"
          autoComplete="one-time-code"
          value={code}
          maxLength={32}
          containerClassName="max-w-xs"
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
        />
        <div>
          <Button
            type="submit"
            variant="danger"
            disabled={!code.trim()}
            loading={disable.isPending}
            icon={<ShieldOff size={16} aria-hidden="true" />}
          >
            Turn off
          </Button>
        </div>
      </form>
    </div>
  );
}

export function TwoFactorTab() {
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  if (status.isPending) return <LoadingBlock label="Loading two-factor status" />;
  if (status.isError)
    return (
      <LoadFailure
        title={PROFILE_MESSAGES.wentWrong}
        what="your two-factor status"
        error={status.error}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  return status.data.enabled ? (
    <TurnOff codesLeft={status.data.recovery_codes_left} />
  ) : (
    <Enrol onEnabled={setRecoveryCodes} />
  );
}
