import { StandInSlot, deferred, useStandInTrigger } from '../deferred.tsx';
import type { DateRangePickerProps } from './date-range-picker.tsx';
import { RANGE_PLACEHOLDER, formatRangeLabel, normalizeRange } from './date-range.ts';
import { PickerButton } from './picker-button.tsx';

const picker = deferred(() => import('./date-range-picker.tsx').then((m) => m.DateRangePicker));

/**
 * The date-range picker as a page's first paint needs it: its button, drawn without the calendar
 * and popover code, which load when the button is first pointed at, focused or clicked (a click
 * opens the picker as soon as it is there).
 */
export function LazyDateRangePicker(props: DateRangePickerProps) {
  const { value: Picker, clicked, triggerProps } = useStandInTrigger(picker);
  return (
    <StandInSlot swapped={Picker !== null}>
      {Picker ? (
        <Picker {...props} defaultOpen={clicked || props.defaultOpen} />
      ) : (
        <PickerButton
          text={formatRangeLabel(normalizeRange(props.value), props.timeZone)}
          placeholder={RANGE_PLACEHOLDER}
          name={props.label ?? 'Date range'}
          className={props.className}
          aria-haspopup="dialog"
          {...triggerProps}
        />
      )}
    </StandInSlot>
  );
}
