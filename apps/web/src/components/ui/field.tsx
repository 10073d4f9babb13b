import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from './cn.ts';

const control =
  'block w-full rounded-lg border bg-white px-3 text-[15px] text-slate-900 shadow-xs transition-colors ' +
  'placeholder:text-slate-500 focus:outline-none focus-visible:outline-none focus:ring-3 focus:ring-accent/20 ' +
  'disabled:bg-slate-100 disabled:text-slate-500 disabled:cursor-not-allowed';
const ok = 'border-slate-300 focus:border-accent';
const bad = 'border-red-600 focus:border-red-600 focus:ring-red-600/20';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Label above, required asterisk after the label, error under the field (docs/errors.md). */
export function FieldShell({ id, label, required, error, hint, children, className }: FieldShellProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  containerClassName?: string;
}

export function TextField({
  label,
  error,
  hint,
  required,
  id,
  className,
  containerClassName,
  ...rest
}: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const describedBy = error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined;
  return (
    <FieldShell id={fieldId} label={label} required={required} error={error} hint={hint} className={containerClassName}>
      <input
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(control, 'h-10', error ? bad : ok, className)}
        {...rest}
      />
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  containerClassName?: string;
}

export function SelectField({
  label,
  error,
  hint,
  required,
  id,
  options,
  placeholder,
  className,
  containerClassName,
  ...rest
}: SelectFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell id={fieldId} label={label} required={required} error={error} hint={hint} className={containerClassName}>
      <select
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
        className={cn(
          control,
          'h-10 appearance-none bg-[length:16px] bg-[right_0.75rem_center] bg-no-repeat pr-9 select-chevron',
          error ? bad : ok,
          className,
        )}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function Checkbox({
  label,
  description,
  id,
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; description?: ReactNode }) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={fieldId}
        type="checkbox"
        className="mt-0.5 size-4.5 shrink-0 rounded border-slate-400 accent-[var(--accent)]"
        aria-describedby={description ? `${fieldId}-desc` : undefined}
        {...rest}
      />
      <div className="flex flex-col">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {description ? (
          <span id={`${fieldId}-desc`} className="text-sm text-slate-600">
            {description}
          </span>
        ) : null}
      </div>
    </div>
  );
}
