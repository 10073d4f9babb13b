import ChevronDown from 'lucide-react/icons/chevron-down';
import { cn } from './cn.ts';
import { StandInSlot, deferred, useStandInTrigger } from './deferred.tsx';
import type { DrillDownMenuProps, DrillDownOption } from './drill-down-menu.tsx';
import { drillButtonClass } from './drill-down-button.ts';

const menu = deferred(() => import('./drill-down-menu.tsx').then((m) => m.DrillDownMenu));

/**
 * A table row's drill-down button as the first paint needs it: the button alone, the menu code
 * loading when the button is first pointed at, focused or clicked (a click opens the list as soon
 * as it is there).
 */
export function LazyDrillDownMenu<O extends DrillDownOption>(props: DrillDownMenuProps<O>) {
  const { value: Menu, clicked, triggerProps } = useStandInTrigger(menu);
  return (
    <StandInSlot swapped={Menu !== null}>
      {Menu ? (
        <Menu<O> {...props} defaultOpen={clicked} />
      ) : (
        <button
          type="button"
          disabled={props.disabled}
          aria-label={props.label}
          aria-haspopup="menu"
          className={cn(drillButtonClass, props.className)}
          {...triggerProps}
        >
          {props.icon ?? <ChevronDown aria-hidden="true" size={16} />}
        </button>
      )}
    </StandInSlot>
  );
}
