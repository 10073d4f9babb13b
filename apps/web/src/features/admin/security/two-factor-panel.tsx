import type { OperatorMe } from '@portal/shared/admin/operators.schemas';
import { TWO_FACTOR_CODE_LENGTH } from '@portal/shared/constants';
import { useState, type FormEvent } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { useTwoFactorSetup, useTwoFactorSwitch } from './two-factor-api.ts';

/** A code field's problem: the server's field message ('Invalid code'), else the call's. */
const codeProblem = (err: unknown) => fieldMessage(err, 'code') ?? consoleWriteProblem(err);

/** Two-factor on: how many recovery codes are left, and Turn off with a code or a recovery code. */
function TurnOff({ me }: { me: OperatorMe }) {
  const [code, setCode] = useState('');
  const off = useTwoFactorSwitch('off');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    off.mutate(code.trim(), { onSuccess: () => alerts.success('Two-factor authentication is off.') });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Two-factor authentication is <strong>on</strong>. Recovery codes left: {me.recovery_codes_left}.
      </p>
      {me.two_factor_required ? (
        <AlertBox tone="info">The console requires two-factor for every operator: it cannot be turned off.</AlertBox>
      ) : (
        <>
          {off.error ? <AlertBox tone="error">{codeProblem(off.error)}</AlertBox> : null}
          <TextField
            label="Code or recovery code"
            name="code"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            containerClassName="max-w-xs"
          />
          <Button
            type="submit"
            variant="secondary"
            className="self-start"
            disabled={!code.trim()}
            loading={off.isPending}
          >
            Turn off
          </Button>
        </>
      )}
    </form>
  );
}

/** Two-factor off: the current password, then the secret to add, then a code; recovery codes once. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="flex flex-col gap-3">
      <AlertBox tone="success">
        Two-factor authentication is on. Keep these recovery codes: they are shown once.
      </AlertBox>
      <ul aria-label="Recovery codes" className="grid max-w-sm grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <CopyButton text={codes.join(' ')} label="Copy codes" className="self-start" />
    </div>
  );
}

function TurnOn() {
  const setup = useTwoFactorSetup();
  const on = useTwoFactorSwitch('on');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  if (setup.data) {
    const { secret, otpauth_uri } = setup.data.data;
    const submit = (e: FormEvent) => {
      e.preventDefault();
      on.mutate(code);
    };
    return (
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          Add this key to your authenticator app (or{' '}
          <a href={otpauth_uri} className="font-medium text-accent underline">
            open it in the app
          </a>
          ), then enter the 6-digit code it shows.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <code aria-label="Secret key" className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all">
            {secret}
          </code>
          <CopyButton text={secret} size="sm" />
        </div>
        {on.error ? <AlertBox tone="error">{codeProblem(on.error)}</AlertBox> : null}
        <TextField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TWO_FACTOR_CODE_LENGTH}
          value={code}
          containerClassName="max-w-xs"
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH))}
        />
        <Button
          type="submit"
          className="self-start"
          disabled={code.length !== TWO_FACTOR_CODE_LENGTH}
          loading={on.isPending}
        >
          Turn on
        </Button>
      </form>
    );
  }
  const start = (e: FormEvent) => {
    e.preventDefault();
    setup.mutate(password);
  };
  return (
    <form onSubmit={start} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Two-factor authentication is <strong>off</strong>. Confirm your password to set it up.
      </p>
      {setup.error ? (
        <AlertBox tone="error">{fieldMessage(setup.error, 'password') ?? consoleWriteProblem(setup.error)}</AlertBox>
      ) : null}
      <TextField
        label="Current password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        containerClassName="max-w-xs"
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" className="self-start" disabled={!password} loading={setup.isPending}>
        Set up two-factor
      </Button>
    </form>
  );
}

/** The signed-in operator's two-factor authentication. */
export function TwoFactorPanel({
  me,
  codes,
}: {
  me: OperatorMe;
  /** The recovery codes just made: shown once, whatever the operator's state says after. */
  codes: string[] | null;
}) {
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-base font-semibold text-slate-900">Two-factor authentication</h2>
      {codes ? <RecoveryCodes codes={codes} /> : me.two_factor_enabled ? <TurnOff me={me} /> : <TurnOn />}
    </Card>
  );
}
