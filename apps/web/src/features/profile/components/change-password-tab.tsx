import { useEffect, useState, type FormEvent } from 'react';
import { REDIRECT_AFTER_PASSWORD_MS } from '@portal/shared/constants';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useLogout } from '../../../components/layout/use-logout.ts';
import { alerts } from '../../../lib/alerts.ts';
import { saveSession } from '../../../lib/session.ts';
import { useUpdatePassword } from '../api/profile.ts';
import { LogoutEverywhere } from './logout-everywhere.tsx';
import {
  apiKeysKeptMessage,
  passwordFieldErrors,
  passwordFormError,
  PROFILE_MESSAGES,
  type PasswordField,
} from '../profile-errors.ts';

const LABELS: Record<PasswordField, { label: string; autoComplete: string }> = {
  current_password: { label: 'Current Password', autoComplete: 'current-password' },
  new_password: { label: 'New Password', autoComplete: 'new-password' },
  new_password_verify: { label: 'Confirm New Password', autoComplete: 'new-password' },
};

export function ChangePasswordTab() {
  const logout = useLogout();
  const update = useUpdatePassword();
  const [values, setValues] = useState<Record<PasswordField, string>>({
    current_password: '',
    new_password: '',
    new_password_verify: '',
  });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [keysKept, setKeysKept] = useState(0);
  const ready = Boolean(values.current_password && values.new_password && values.new_password_verify);

  // Success logs out and sends the user to /login after 2.5 s (docs/screens.md).
  useEffect(() => {
    if (!update.isSuccess) return;
    const t = setTimeout(logout, REDIRECT_AFTER_PASSWORD_MS);
    return () => clearTimeout(t);
  }, [update.isSuccess, logout]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setFormError(null);
    update.mutate(values, {
      onSuccess: (r) => {
        // Earlier tokens are revoked: hold the fresh one until the log-out, so nothing on screen gets a 401.
        saveSession(r.data.jwt);
        setKeysKept(r.data.api_keys_kept);
        alerts.success(PROFILE_MESSAGES.passwordSuccess);
      },
      onError: (err) => {
        setErrors(passwordFieldErrors(err));
        setFormError(passwordFormError(err));
      },
    });
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        {formError ? <AlertBox tone="error">{formError}</AlertBox> : null}
        {update.isSuccess && keysKept > 0 ? <AlertBox>{apiKeysKeptMessage(keysKept)}</AlertBox> : null}
        {(Object.keys(LABELS) as PasswordField[]).map((f) => (
          <TextField
            key={f}
            name={f}
            type="password"
            required
            label={LABELS[f].label}
            autoComplete={LABELS[f].autoComplete}
            value={values[f]}
            error={errors[f]}
            disabled={update.isSuccess}
            onChange={(e) => {
              setValues((v) => ({ ...v, [f]: e.target.value }));
              setErrors((x) => ({ ...x, [f]: undefined }));
            }}
          />
        ))}
        <div>
          <Button type="submit" disabled={!ready || update.isSuccess} loading={update.isPending}>
            Change Password
          </Button>
        </div>
      </form>
      <LogoutEverywhere />
    </>
  );
}
