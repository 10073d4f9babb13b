import Check from 'lucide-react/icons/check';
import PartyPopper from 'lucide-react/icons/party-popper';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SIGNUP_FIELDS, SIGNUP_STEPS, type SignupField } from '@portal/shared/signup/signup.schemas';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useBusinessUnit, useCountries, useRegions, useSignUp } from '../api/signup.ts';
import { signupFieldErrors, signupFormError } from '../signup-errors.ts';
import {
  CHAT_PLATFORM_OPTIONS,
  COMPANY_FIELDS,
  CONTACT_FIELDS,
  finalPayload,
  maxLengthOf,
  stepPayload,
  STEP_TITLES,
  type FieldSpec,
  type SignupValues,
} from '../signup-form-model.ts';

const EMPTY = Object.fromEntries(SIGNUP_FIELDS.map((f) => [f, ''])) as SignupValues;

export function SignupWizard({
  referrer,
  forceThreeSteps,
  onDone,
}: {
  referrer: string | null;
  forceThreeSteps: boolean;
  onDone?: () => void;
}) {
  const unit = useBusinessUnit();
  const countries = useCountries();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [terms, setTerms] = useState(false);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const regions = useRegions(values.company_address_country);
  const signUp = useSignUp();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const threeSteps = forceThreeSteps || unit.data?.three_step_signup === true;
  const stepCount = threeSteps ? 3 : 2;
  const isLast = step === stepCount - 1;
  const host = window.location.hostname;

  const countryOptions = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    [countries.data],
  );
  const regionOptions = useMemo(
    () => (regions.data ?? []).map((r) => ({ value: r.code, label: r.name })),
    [regions.data],
  );
  const hasRegions = regionOptions.length > 0;

  const set = (f: SignupField, v: string) => {
    setValues((old) => ({
      ...old,
      [f]: v,
      // A new country reloads the regions and clears the region (docs/screens.md).
      ...(f === 'company_address_country' ? { company_address_region: '' } : {}),
    }));
    setErrors((e) => {
      if (!e[f]) return e;
      const next = { ...e };
      delete next[f];
      return next;
    });
  };

  const goTo = (i: number) => {
    setStep(i);
    setFormError(null);
    // Move focus to the new step's heading so screen readers announce it.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const onFailure = (err: unknown) => {
    const fieldErrors = signupFieldErrors(err, host);
    setErrors(fieldErrors);
    setFormError(signupFormError(err));
    const firstBad = SIGNUP_STEPS.findIndex((fields) => fields.some((f) => fieldErrors[f]));
    if (firstBad >= 0 && firstBad !== step) goTo(firstBad);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!isLast) {
      const fields = SIGNUP_STEPS[step] ?? [];
      signUp.mutate(stepPayload(values, fields), { onSuccess: () => goTo(step + 1), onError: onFailure });
      return;
    }
    if (threeSteps && !terms) return;
    signUp.mutate(
      finalPayload(values, SIGNUP_FIELDS, {
        referrer,
        businessUnitId: unit.data?.id ?? null,
        termsAccepted: threeSteps ? terms : null,
      }),
      {
        onSuccess: () => {
          setDone(true);
          onDone?.();
        },
        onError: onFailure,
      },
    );
  };

  const back = () => {
    setErrors({});
    goTo(step - 1);
  };

  if (done) {
    return (
      <div className="flex flex-col items-center py-6 text-center" role="status">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-green-50 text-green-700">
          <PartyPopper size={28} aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-xl font-semibold text-slate-900">Thank you for signing up!</h2>
        <p className="mt-2 max-w-sm text-[15px] text-slate-600">
          Your account is pending approval. We will e-mail you as soon as it is ready.
        </p>
        <Link to={paths.login} className="mt-6 rounded font-medium text-accent hover:underline">
          Click here to log in
        </Link>
      </div>
    );
  }

  if (unit.isPending) return <LoadingBlock label="Loading sign-up form" />;

  const field = (spec: FieldSpec) => {
    const common = {
      name: spec.name,
      label: spec.label,
      required: spec.required,
      error: errors[spec.name],
      containerClassName: spec.wide ? 'sm:col-span-2' : undefined,
    };
    if (spec.name === 'user_chat_platform') {
      return (
        <SelectField
          key={spec.name}
          {...common}
          options={CHAT_PLATFORM_OPTIONS}
          placeholder="Select a platform"
          value={values.user_chat_platform}
          onChange={(e) => set('user_chat_platform', e.target.value)}
        />
      );
    }
    if (spec.name === 'company_address_country') {
      return (
        <SelectField
          key={spec.name}
          {...common}
          options={countryOptions}
          placeholder={countries.isPending ? 'Loading countries…' : 'Select a country'}
          value={values.company_address_country}
          onChange={(e) => set('company_address_country', e.target.value)}
        />
      );
    }
    if (spec.name === 'company_address_region') {
      return (
        <SelectField
          key={spec.name}
          {...common}
          required={hasRegions}
          options={regionOptions}
          placeholder={
            !values.company_address_country
              ? 'Select a country first'
              : regions.isFetching
                ? 'Loading regions…'
                : hasRegions
                  ? 'Select a region'
                  : 'No regions'
          }
          disabled={!hasRegions}
          value={values.company_address_region}
          onChange={(e) => set('company_address_region', e.target.value)}
        />
      );
    }
    return (
      <TextField
        key={spec.name}
        {...common}
        type={spec.type ?? 'text'}
        autoComplete={spec.autoComplete}
        maxLength={maxLengthOf(spec.name)}
        value={values[spec.name]}
        onChange={(e) => set(spec.name, e.target.value)}
      />
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <ol className="mb-7 flex items-center gap-2" aria-label="Sign-up steps">
        {STEP_TITLES.slice(0, stepCount).map((title, i) => (
          <li key={title} className="flex flex-1 items-center gap-2" aria-current={i === step ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                i < step
                  ? 'bg-accent text-white'
                  : i === step
                    ? 'border-2 border-accent text-accent'
                    : 'border border-slate-300 text-slate-600',
              )}
            >
              {i < step ? <Check size={14} aria-hidden="true" /> : i + 1}
            </span>
            <span
              className={cn('hidden text-sm sm:inline', i === step ? 'font-medium text-slate-900' : 'text-slate-600')}
            >
              {title}
            </span>
            {i < stepCount - 1 ? <span className="h-px flex-1 bg-slate-200" aria-hidden="true" /> : null}
          </li>
        ))}
      </ol>

      <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none">
        <span className="sr-only">
          Step {step + 1} of {stepCount}:{' '}
        </span>
        {STEP_TITLES[step]}
      </h2>

      {formError ? (
        <AlertBox tone="error" className="mb-4">
          {formError}
        </AlertBox>
      ) : null}

      {step === 0 ? <div className="grid gap-4 sm:grid-cols-2">{CONTACT_FIELDS.map(field)}</div> : null}
      {step === 1 ? <div className="grid gap-4 sm:grid-cols-2">{COMPANY_FIELDS.map(field)}</div> : null}
      {step === 2 ? (
        <div className="flex flex-col gap-4">
          <div
            className="max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-relaxed whitespace-pre-line text-slate-700"
            tabIndex={0}
            role="region"
            aria-label="Terms and Conditions"
          >
            {unit.data?.terms ?? ''}
          </div>
          <Checkbox
            label="I agree to the Terms and Conditions*"
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
          />
          {errors['terms_accepted'] ? <p className="text-sm text-red-700">{errors['terms_accepted']}</p> : null}
        </div>
      ) : null}

      <div className="mt-7 flex items-center justify-between gap-3 border-t border-slate-100 pt-5">
        {step > 0 ? (
          <Button variant="secondary" onClick={back} disabled={signUp.isPending}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" loading={signUp.isPending} disabled={isLast && threeSteps && !terms} className="min-w-28">
          {isLast ? 'Submit' : 'Next'}
        </Button>
      </div>
    </form>
  );
}
