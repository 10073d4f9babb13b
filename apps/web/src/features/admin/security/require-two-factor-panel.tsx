import type { OperatorMe } from '@portal/shared/admin/operators.schemas';
import { useId } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { cn } from '../../../components/ui/cn.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { useRequireTwoFactor } from './require-two-factor-api.ts';

/**
 * An owner's switch: require two-factor authentication for every operator of the console
 * (`settings/update {require_2fa}`), with what it means for the others; an owner without it of
 * their own cannot turn it on (the server's words say so).
 */
export function RequireTwoFactorPanel({ me }: { me: OperatorMe }) {
  const id = useId();
  const change = useRequireTwoFactor();
  const on = me.two_factor_required;
  const blocked = !on && !me.two_factor_enabled;
  const problem = change.error
    ? (fieldMessage(change.error, 'require_2fa') ?? consoleWriteProblem(change.error))
    : null;
  const flip = () =>
    change.mutate(!on, {
      onSuccess: (s) =>
        alerts.success(
          s.require_2fa
            ? 'Two-factor authentication is now required for every operator.'
            : 'Two-factor authentication is no longer required.',
        ),
    });
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-base font-semibold text-slate-900">Console settings</h2>
      <div className="flex items-start gap-4">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span id={`${id}-label`} className="text-[15px] font-medium text-slate-900">
            Require 2FA for all operators
          </span>
          <p id={`${id}-desc`} className="text-sm text-slate-600">
            While this is on, an operator without two-factor authentication can only set it up (here, under Security)
            and log out: every other page and call of the console is refused until they turn it on. Nobody can turn
            their own two-factor off. Operators who already use it notice nothing.
          </p>
          {blocked ? (
            <p className="text-sm text-slate-700">Turn on two-factor authentication for yourself first.</p>
          ) : null}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-desc`}
          disabled={blocked || change.isPending}
          onClick={flip}
          className={cn(
            'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
            'disabled:cursor-not-allowed disabled:opacity-50',
            on ? 'bg-accent' : 'bg-slate-400',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-5.5' : 'translate-x-0.5',
            )}
          />
        </button>
      </div>
      <p className="mt-2 text-sm font-medium text-slate-800" aria-live="polite">
        {on ? 'Required for every operator.' : 'Not required.'}
      </p>
      {problem ? (
        <AlertBox tone="error" className="mt-3">
          {problem}
        </AlertBox>
      ) : null}
    </Card>
  );
}
