import { useId, type FormEvent, type ReactNode } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { consoleWriteProblem } from '../login-problems.ts';

export interface ConsoleFormModalProps {
  title: string;
  description?: ReactNode;
  /** The submit button: 'Create', 'Save', 'Send invitation', 'Reverse'… */
  submitLabel: string;
  /** `danger` for what stops or takes back something. */
  submitVariant?: 'primary' | 'danger';
  /** Submit stays off (a required field is empty). */
  submitDisabled?: boolean;
  /** The write's state: pending on the submit button; its error above the fields unless a field shows it. */
  pending: boolean;
  error: unknown;
  /** A field of the form shows the error: nothing above the fields. */
  errorAtField: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The console's form in a dialog: the shared modal (focus trapped, back to the opener), the
 * write's problem above the fields when no field shows it, Cancel and the submit button, which
 * Enter presses too.
 */
export function ConsoleFormModal({
  title,
  description,
  submitLabel,
  submitVariant = 'primary',
  submitDisabled = false,
  pending,
  error,
  errorAtField,
  onSubmit,
  onClose,
  children,
}: ConsoleFormModalProps) {
  const formId = useId();
  const problem = error && !errorAtField ? consoleWriteProblem(error) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
        {children}
      </form>
    </Modal>
  );
}
