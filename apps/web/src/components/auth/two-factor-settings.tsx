import ShieldCheck from 'lucide-react/icons/shield-check';
import ShieldOff from 'lucide-react/icons/shield-off';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { alerts } from '../../lib/alerts.ts';
import { AlertBox } from '../ui/alert-box.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { isCompleteCode, OneTimeCodeField } from './one-time-code-field.tsx';
import { QrImage, RecoveryCodes, SecretKey, TwoFactorOn } from './two-factor-parts.tsx';

/** What an authenticator app is given: the key, and the same as an otpauth link (the QR code's). */
export interface TwoFactorEnrolment {
  secret: string;
  otpauth_uri: string;
}

/** The side's calls: the publisher's profile API or the operator's own. */
export interface TwoFactorCalls {
  /** Starts enrolment with the current password (a session left open elsewhere cannot turn it on). */
  setup: (password: string) => Promise<TwoFactorEnrolment>;
  /** Turns it on with a code from the app; resolves with the recovery codes, shown once. */
  enable: (code: string) => Promise<string[]>;
  /** Turns it off with a code or a recovery code. */
  disable: (code: string) => Promise<unknown>;
}

/** The side's words. */
export interface TwoFactorTexts {
  /** Above the password that starts enrolment. */
  setupLead: ReactNode;
  setupButton: string;
  /** How to add the key (its element given) and confirm with a code. */
  howToAdd: (key: ReactNode, enrolment: TwoFactorEnrolment) => ReactNode;
  /** Above the recovery codes shown once. */
  codesTitle?: string;
  codesBody: string;
  /** The button that says the codes are kept; none when absent (they stay until the page is left). */
  codesDone?: string;
  /** How many recovery codes are left, while it is on. */
  codesLeft: (left: number) => string;
  /** Above the code that turns it off. */
  turnOffHeading?: string;
  turnOffLead?: string;
  turnOffLabel: string;
  /** The toast once it is off. */
  turnedOff: string;
}

export interface TwoFactorSettingsProps {
  state: { enabled: boolean; recoveryCodesLeft: number };
  calls: TwoFactorCalls;
  texts: TwoFactorTexts;
  /** What a refused or failed call says: the password step's, and a code's. */
  problems: { setup: (error: unknown) => string; code: (error: unknown) => string };
  /** Turning it off is refused: why, in place of the form. */
  locked?: ReactNode;
  /** The recovery codes just made, kept by the page (a renewed session may draw this anew). */
  codes: string[] | null;
  onCodes: (codes: string[] | null) => void;
}

/**
 * One's own two-factor authentication, the publisher profile's tab and the console's Security page
 * alike: the current password, then the key (QR code or typed) and a code to turn it on, the
 * recovery codes shown once; while on, a code or a recovery code turns it off.
 */
export function TwoFactorSettings(p: TwoFactorSettingsProps) {
  if (p.codes)
    return (
      <RecoveryCodes
        codes={p.codes}
        title={p.texts.codesTitle}
        body={p.texts.codesBody}
        doneLabel={p.texts.codesDone}
        onDone={() => p.onCodes(null)}
      />
    );
  return p.state.enabled ? (
    <div className="flex max-w-xl flex-col gap-5">
      <TwoFactorOn codesLeft={p.texts.codesLeft(p.state.recoveryCodesLeft)} />
      {p.locked ?? <TurnOff {...p} />}
    </div>
  ) : (
    <Enrol {...p} />
  );
}

function Enrol({ calls, texts, problems, onCodes }: TwoFactorSettingsProps) {
  const setup = useMutation({ mutationFn: calls.setup });
  // The codes are handed on in the call itself: the page may redraw this as the session renews.
  const enable = useMutation({ mutationFn: async (code: string) => onCodes(await calls.enable(code)) });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  if (!setup.data) {
    const start = (e: FormEvent) => {
      e.preventDefault();
      if (password) setup.mutate(password);
    };
    return (
      <form onSubmit={start} noValidate className="flex max-w-xl flex-col items-start gap-4">
        <p className="text-[15px] text-slate-700">{texts.setupLead}</p>
        {setup.isError ? <AlertBox tone="error">{problems.setup(setup.error)}</AlertBox> : null}
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
          {texts.setupButton}
        </Button>
      </form>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isCompleteCode(code)) enable.mutate(code);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <QrImage uri={setup.data.otpauth_uri} />
      <div className="flex max-w-md flex-1 flex-col gap-4">
        {texts.howToAdd(<SecretKey secret={setup.data.secret} />, setup.data)}
        {enable.isError ? <AlertBox tone="error">{problems.code(enable.error)}</AlertBox> : null}
        <OneTimeCodeField
          value={code}
          className="max-w-48 font-mono text-lg tracking-[0.3em]"
          onChange={(next) => {
            setCode(next);
            if (enable.isError) enable.reset();
          }}
        />
        <div>
          <Button type="submit" disabled={!isCompleteCode(code)} loading={enable.isPending}>
            Turn on
          </Button>
        </div>
      </div>
    </form>
  );
}

function TurnOff({ calls, texts, problems }: TwoFactorSettingsProps) {
  // Said in the call itself: the page may redraw this as the session renews.
  const disable = useMutation({
    mutationFn: async (code: string) => {
      await calls.disable(code);
      alerts.success(texts.turnedOff);
    },
  });
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) disable.mutate(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {texts.turnOffHeading ? <h3 className="font-medium text-slate-900">{texts.turnOffHeading}</h3> : null}
      {texts.turnOffLead ? <p className="-mt-2 text-sm text-slate-600">{texts.turnOffLead}</p> : null}
      {disable.isError ? <AlertBox tone="error">{problems.code(disable.error)}</AlertBox> : null}
      <TextField
        label={texts.turnOffLabel}
        name="code"
        autoComplete="one-time-code"
        value={code}
        maxLength={32}
        containerClassName="max-w-xs"
        onChange={(e) => {
          setCode(e.target.value);
          if (disable.isError) disable.reset();
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
  );
}
