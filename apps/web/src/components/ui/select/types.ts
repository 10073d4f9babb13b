import type { ReactNode } from 'react';

/** One choice of a select. A value of '' is a real choice (e.g. 'All Offers'), not "nothing". */
export interface SelectOption {
  value: string;
  label: string;
}

/** One page of a lazy option list; `next` is the cursor of the following page, null at the end. */
export interface OptionPage {
  options: SelectOption[];
  next: string | null;
}

export interface OptionQuery {
  /** The trimmed search text; '' for everything. */
  search: string;
  /** null for the first page. */
  cursor: string | null;
  /** Aborted when the search changes, the list closes or the select unmounts. */
  signal: AbortSignal;
}

/** Loads one page of options; the page size is the caller's business. */
export type LoadOptions = (query: OptionQuery) => Promise<OptionPage>;

interface FieldProps {
  label: ReactNode;
  id?: string;
  /** An asterisk after the label and aria-required (not the native attribute: the input holds search text). */
  required?: boolean;
  /** Shown under the field, with a red border. */
  error?: string | null;
  hint?: ReactNode;
  /** Locked: shows the value, never opens. */
  disabled?: boolean;
  placeholder?: string;
  /** On the field's outer wrapper. */
  className?: string;
}

/** Static options (filtered as the user types) or lazy pages (filtered by the server). */
type OptionsSource =
  { options: readonly SelectOption[]; loadOptions?: never } | { loadOptions: LoadOptions; options?: never };

export type SingleSelectProps = FieldProps &
  OptionsSource & {
    multiple?: false;
    /** null: nothing chosen yet. '' is an ordinary value. */
    value: string | null;
    onChange: (value: string, option: SelectOption) => void;
    /** The label of `value` when it is not among the loaded options (e.g. the edited record's offer name). */
    selectedLabel?: string;
  };

export type MultiSelectProps = FieldProps &
  OptionsSource & {
    multiple: true;
    value: readonly string[];
    onChange: (value: string[], options: SelectOption[]) => void;
    /** Labels of chosen values that may not be among the loaded options, by value. */
    selectedLabels?: Readonly<Record<string, string>>;
  };

export type SelectProps = SingleSelectProps | MultiSelectProps;
