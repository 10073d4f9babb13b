import { TWO_FACTOR_CODE_LENGTH } from '@portal/shared/constants';
import { TextField } from '../ui/field.tsx';

/**
 * The six digits of an authenticator app: digits only (anything else typed or pasted is dropped), at
 * most six, the phone's number pad and the browser's one-time-code autofill.
 */
export function OneTimeCodeField({
  value,
  onChange,
  autoFocus,
  className,
  containerClassName,
}: {
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
  className?: string;
  containerClassName?: string;
}) {
  return (
    <TextField
      label="Authentication code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      maxLength={TWO_FACTOR_CODE_LENGTH}
      pattern="[0-9]*"
      value={value}
      className={className}
      containerClassName={containerClassName}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH))}
    />
  );
}

/** A code is complete at six digits: what enables Verify and Turn on. */
export const isCompleteCode = (code: string) => code.length === TWO_FACTOR_CODE_LENGTH;
