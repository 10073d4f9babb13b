import { useQuery } from '@tanstack/react-query';
import Clock from 'lucide-react/icons/clock';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { REDIRECT_AFTER_PASSWORD_MS, RESET_LINK_MIN_SPINNER_MS } from '@portal/shared/constants';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { useResetPassword, verifyResetToken } from '../../../features/password-reset/api/password-reset.ts';
import { RESET_MESSAGES, resetFieldErrors, resetFormError } from '../../../features/password-reset/reset-errors.ts';
import { alerts } from '../../../lib/alerts.ts';
import { usePageTitle } from '../../../lib/brand.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function Component() {
  usePageTitle('Reset your password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  // The spinner stays at least about a second, so a fast answer does not flash (docs/screens.md).
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: async ({ signal }) => {
      const [r] = await Promise.all([verifyResetToken(token, signal), wait(RESET_LINK_MIN_SPINNER_MS)]);
      return r.success;
    },
    staleTime: Infinity,
    gcTime: 0,
  });
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [verify, setVerify] = useState('');
  const [errors, setErrors] = useState<{ new_password?: string; new_password_verify?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const t = setTimeout(() => void navigate(paths.login, { replace: true }), REDIRECT_AFTER_PASSWORD_MS);
    return () => clearTimeout(t);
  }, [reset.isSuccess, navigate]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || !verify) return;
    if (password !== verify) {
      setErrors({ new_password_verify: RESET_MESSAGES.mismatch });
      return;
    }
    setFormError(null);
    reset.mutate(
      { token, new_password: password, new_password_verify: verify },
      {
        onSuccess: () => alerts.success(RESET_MESSAGES.success),
        onError: (err) => {
          const f = resetFieldErrors(err);
          if (f.expired) return setExpired(true);
          setErrors(f);
          if (!f.new_password && !f.new_password_verify) setFormError(resetFormError(err));
        },
      },
    );
  };

  if (check.isPending) {
    return (
      <AuthCard title="Reset your password">
        <LoadingBlock label="Validating reset password link" />
      </AuthCard>
    );
  }
  if (check.isError) {
    return (
      <AuthCard title="Reset your password">
        <AlertBox tone="error">{resetFormError(check.error)}</AlertBox>
        <Button variant="secondary" className="mt-4 w-full" onClick={() => void check.refetch()}>
          Try again
        </Button>
      </AuthCard>
    );
  }
  if (!check.data || expired) {
    return (
      <AuthCard title="Reset your password">
        <div className="flex flex-col items-center gap-3 py-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-700">
            <Clock size={24} aria-hidden="true" />
          </span>
          <p className="text-[15px] font-medium text-slate-800" role="alert">
            {RESET_MESSAGES.expired}
          </p>
          <p className="text-sm text-slate-600">
            Reset links work once and for a limited time. Ask for a new one below.
          </p>
          <ButtonLink to={paths.forgotPassword} className="mt-2">
            Send a new link
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      lead="Use at least 8 characters."
      footer={
        <Link to={paths.login} className="rounded font-medium text-accent hover:underline">
          Back to log in
        </Link>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {formError ? <AlertBox tone="error">{formError}</AlertBox> : null}
        <TextField
          label="Password"
          type="password"
          name="new_password"
          autoComplete="new-password"
          required
          autoFocus
          value={password}
          error={errors.new_password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => ({ ...x, new_password: undefined }));
          }}
        />
        <TextField
          label="Confirm Password"
          type="password"
          name="new_password_verify"
          autoComplete="new-password"
          required
          value={verify}
          error={errors.new_password_verify}
          onChange={(e) => {
            setVerify(e.target.value);
            setErrors((x) => ({ ...x, new_password_verify: undefined }));
          }}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!password || !verify || reset.isSuccess}
          loading={reset.isPending}
        >
          Save Password
        </Button>
      </form>
    </AuthCard>
  );
}
