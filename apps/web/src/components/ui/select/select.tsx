import { useCombobox } from 'downshift';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useRef, useState } from 'react';
import { cn } from '../cn.ts';
import { FieldShell } from '../field.tsx';
import { MultiSelect } from './multi-select.tsx';
import {
  ListStatus,
  MenuPanel,
  OptionRow,
  controlBad,
  controlBox,
  controlOk,
  innerInput,
  scrollIntoView,
  useEscapeClosesListOnly,
  useFieldIds,
} from './select-menu.tsx';
import type { SelectOption, SelectProps, SingleSelectProps } from './types.ts';
import { useSelectOptions } from './use-select-options.ts';

export type {
  LoadOptions,
  MultiSelectProps,
  OptionPage,
  OptionQuery,
  SelectOption,
  SelectProps,
  SingleSelectProps,
} from './types.ts';
export { EMPTY_TEXT } from './select-menu.tsx';

/**
 * A searchable select (docs/screens.md shared pieces): an ARIA combobox on downshift, single or multi,
 * static or lazy-loading options, with FieldShell's label, asterisk and error line.
 */
export function Select(props: SelectProps) {
  return props.multiple ? <MultiSelect {...props} /> : <SingleSelect {...props} />;
}

function SingleSelect(props: SingleSelectProps) {
  const { label, id, required, error, hint, disabled, placeholder, className, value, onChange, selectedLabel } = props;
  const ids = useFieldIds(id, error, hint);
  const [isOpen, setOpen] = useState(false);
  // null while the user has not typed since the list opened: the input then shows the chosen
  // label and the list is unfiltered, so opening never hides the other options.
  const [search, setSearch] = useState<string | null>(null);
  const open = isOpen && !disabled;
  const list = useSelectOptions(props, search ?? '', open);
  const inputRef = useRef<HTMLInputElement>(null);
  useEscapeClosesListOnly(inputRef, open);
  const selected: SelectOption | null =
    value === null ? null : (list.lookup(value) ?? { value, label: selectedLabel ?? value });

  const cb = useCombobox<SelectOption>({
    items: list.items,
    itemToString: (o) => o?.label ?? '',
    // null (nothing chosen) and '' (e.g. 'All Offers') must stay different keys.
    itemToKey: (o) => (o ? o.value : null),
    selectedItem: selected,
    inputValue: search ?? selected?.label ?? '',
    isOpen: open,
    inputId: ids.input,
    labelId: ids.label,
    menuId: ids.menu,
    scrollIntoView,
    onIsOpenChange: ({ isOpen: next }) => {
      setOpen(next);
      if (!next) setSearch(null);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      setSearch(null);
      // Downshift offers null on Escape with the list closed; a choice is only ever replaced by
      // another one (callers add an 'All …' option where "none" means something).
      if (selectedItem) onChange(selectedItem.value, selectedItem);
    },
    onHighlightedIndexChange: ({ highlightedIndex }) => {
      // Arrowing onto the last option loads the next page, as scrolling does with a mouse.
      if (highlightedIndex === list.items.length - 1) list.loadMore();
    },
  });

  return (
    <FieldShell
      id={ids.input}
      label={<span id={ids.label}>{label}</span>}
      required={required}
      error={error}
      hint={hint}
      className={className}
    >
      <div className="relative">
        <div className={cn(controlBox, 'flex h-10 items-center', error ? controlBad : controlOk)}>
          <input
            {...cb.getInputProps({
              ref: inputRef,
              disabled,
              placeholder,
              'aria-required': required || undefined,
              'aria-invalid': error ? true : undefined,
              'aria-describedby': ids.describedBy,
              // Set here, not in onInputValueChange: downshift reports that after the render, and
              // a controlled input that lags one render puts the caret at the end mid-word.
              onChange: (e) => setSearch(e.currentTarget.value),
              // Typing replaces the shown label instead of appending to it.
              onClick: (e) => {
                if (search === null) e.currentTarget.select();
              },
            })}
            className={cn(innerInput, 'h-full truncate rounded-lg pl-3')}
          />
          <button
            type="button"
            {...cb.getToggleButtonProps({ disabled, 'aria-label': 'Show options' })}
            className="flex h-full shrink-0 items-center rounded-r-lg px-2.5 text-slate-500 hover:text-slate-800 disabled:cursor-not-allowed disabled:hover:text-slate-500"
          >
            <ChevronDown aria-hidden="true" size={16} className={cn('transition-transform', open && 'rotate-180')} />
          </button>
        </div>
        <MenuPanel
          isOpen={open}
          loading={list.loading}
          empty={list.items.length === 0}
          failed={list.failed}
          hasMore={list.hasMore}
          onLoadMore={list.loadMore}
          menuProps={cb.getMenuProps()}
        >
          {open
            ? list.items.map((item, index) => (
                <OptionRow
                  key={item.value}
                  option={item}
                  highlighted={cb.highlightedIndex === index}
                  chosen={selected?.value === item.value}
                  {...cb.getItemProps({ item, index })}
                />
              ))
            : null}
        </MenuPanel>
      </div>
      <ListStatus isOpen={open} loading={list.loading} failed={list.failed} count={list.items.length} />
    </FieldShell>
  );
}
