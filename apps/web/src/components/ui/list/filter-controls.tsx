import { LazyDateRangePicker } from '../date-range/lazy-date-range-picker.tsx';
import type { DayRange } from '../date-range/date-range.ts';
import { SelectField } from '../field.tsx';
import type { ListFilters } from './use-list-filters.ts';

/** A list filter chosen from a few values (a status, an operator), kept in the address (use-list-filters.ts). */
export function FilterSelect<Spec, K extends keyof Spec & string>({
  filters,
  name,
  label,
  placeholder,
  options,
  className,
}: {
  filters: ListFilters<Spec>;
  name: K;
  label: string;
  /** The choice that clears the filter ('All statuses'). */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  className: string;
}) {
  const value = filters.filters[name];
  return (
    <SelectField
      label={label}
      containerClassName={className}
      placeholder={placeholder}
      options={options}
      value={value === null ? '' : String(value)}
      onChange={(e) => filters.setFilter(name, e.target.value)}
    />
  );
}

/** A list filter of calendar days in `timeZone`, clearable, kept in the address (`dayRangeFilter`). */
export function FilterDateRange<Spec, K extends keyof Spec & string>({
  filters,
  name,
  label,
  timeZone,
}: {
  filters: ListFilters<Spec>;
  name: K;
  label: string;
  timeZone: string;
}) {
  return (
    <LazyDateRangePicker
      value={filters.filters[name] as DayRange | null}
      onChange={(range) => filters.setFilter(name, range as ListFilters<Spec>['filters'][K])}
      timeZone={timeZone}
      label={label}
      clearable
    />
  );
}
