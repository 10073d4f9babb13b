import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@portal/shared/constants';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { useChangeOperatorPassword } from './password-api.ts';

type Field = 'current_password' | 'password' | 'password_verify';

const FIELDS: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'password', label: 'New password', autoComplete: 'new-password' },
  { name: 'password_verify', label: 'Confirm new password', autoComplete: 'new-password' },
];
const EMPTY: Record<Field, string> = { current_password: '', password: '', password_verify: '' };

/**
 * The signed-in operator's password: the current one, the new one twice; the server's rules and
 * words at the fields. Every other session of theirs ends; this one goes on.
 */
export function PasswordPanel() {
  const change = useChangeOperatorPassword();
  const headingId = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const ready = Boolean(values.current_password && values.password && values.password_verify);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setProblem(null);
    change.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        setErrors({});
        alerts.success('Your password is changed. Your other sessions are signed out.');
      },
      onError: (err) => {
        const at = Object.fromEntries(FIELDS.map((f) => [f.name, fieldMessage(err, f.name)])) as typeof errors;
        setErrors(at);
        if (!FIELDS.some((f) => at[f.name])) setProblem(consoleWriteProblem(err));
      },
    });
  };

  return (
    <Card className="p-5" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-1 text-base font-semibold text-slate-900">
        Password
      </h2>
      <p className="mb-4 text-[15px] text-slate-700">
        At least {PASSWORD_MIN_LENGTH} characters, and not a common one. Changing it signs you out everywhere else.
      </p>
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
        {FIELDS.map((f) => (
          <TextField
            key={f.name}
            name={f.name}
            type="password"
            required
            label={f.label}
            autoComplete={f.autoComplete}
            value={values[f.name]}
            error={errors[f.name]}
            onChange={(e) => {
              setValues((v) => ({ ...v, [f.name]: e.target.value }));
              setErrors((x) => ({ ...x, [f.name]: undefined }));
            }}
          />
        ))}
        <div>
          <Button type="submit" disabled={!ready} loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
