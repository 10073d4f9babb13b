import ShieldCheck from 'lucide-react/icons/shield-check';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { AlertBox } from '../ui/alert-box.tsx';
import { Button } from '../ui/button.tsx';
import { CopyButton } from '../ui/copy-button.tsx';

/** The QR code is drawn here from the otpauth URI: the secret never leaves the page. */
export function QrImage({ uri }: { uri: string }) {
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
    <div className="flex size-[200px] shrink-0 items-center justify-center rounded-xl border border-slate-200 bg-white p-1">
      {src ? <img src={src} width={192} height={192} alt="QR code to scan with your authenticator app" /> : null}
    </div>
  );
}

/**
 * The key to type into an authenticator app, in groups of four for the eye; its text is the key
 * itself (the groups are spaced by layout), so selecting and copying it gives what the app takes.
 */
export function SecretKey({ secret }: { secret: string }) {
  return (
    <code
      aria-label="Secret key"
      data-testid="totp-secret"
      className="mt-1.5 flex w-fit flex-wrap gap-x-[1ch] rounded-lg bg-slate-100 px-2.5 py-1.5 font-mono text-sm tracking-wide break-all text-slate-900 select-all"
    >
      {(secret.match(/.{1,4}/g) ?? [secret]).map((group, i) => (
        <span key={i}>{group}</span>
      ))}
    </code>
  );
}

/** The recovery codes just made, shown this once: the list, Copy, and what says they were kept. */
export function RecoveryCodes({
  codes,
  title,
  body,
  doneLabel,
  onDone,
}: {
  codes: string[];
  title?: string | undefined;
  body: string;
  /** A button that says the codes are kept, and leaves them; none when absent. */
  doneLabel?: string | undefined;
  onDone: () => void;
}) {
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <AlertBox tone="success" title={title}>
        {body}
      </AlertBox>
      <ul
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-[15px] text-slate-900"
        aria-label="Recovery codes"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        {doneLabel ? <Button onClick={onDone}>{doneLabel}</Button> : null}
      </div>
    </div>
  );
}

/** Two-factor is on: said as such, with the recovery codes left. */
export function TwoFactorOn({ codesLeft }: { codesLeft: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-3.5">
      <ShieldCheck size={22} aria-hidden="true" className="shrink-0 text-green-700" />
      <div>
        <p className="font-medium text-green-900">Two-factor authentication is on</p>
        <p className="text-sm text-green-900">{codesLeft}</p>
      </div>
    </div>
  );
}
