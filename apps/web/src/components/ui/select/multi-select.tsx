import { useCombobox, useMultipleSelection } from 'downshift';
import ChevronDown from 'lucide-react/icons/chevron-down';
import X from 'lucide-react/icons/x';
import { useRef, useState, type ChangeEvent } from 'react';
import { cn } from '../cn.ts';
import { FieldShell } from '../field.tsx';
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
import type { MultiSelectProps, SelectOption } from './types.ts';
import { useSelectOptions } from './use-select-options.ts';

const { InputBlur, InputKeyDownEnter, ItemClick } = useCombobox.stateChangeTypes;

/** The multi variant of Select: chosen values as removable chips before the search input. */
export function MultiSelect(props: MultiSelectProps) {
  const { label, id, required, error, hint, disabled, placeholder, className, value, onChange, selectedLabels } = props;
  const ids = useFieldIds(id, error, hint);
  const [isOpen, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const open = isOpen && !disabled;
  const list = useSelectOptions(props, search, open);
  const inputRef = useRef<HTMLInputElement>(null);
  useEscapeClosesListOnly(inputRef, open);

  const chosen: SelectOption[] = value.map((v) => list.lookup(v) ?? { value: v, label: selectedLabels?.[v] ?? v });
  const isChosen = (o: SelectOption) => value.includes(o.value);
  const commit = (next: SelectOption[]) =>
    onChange(
      next.map((o) => o.value),
      next,
    );
  const toggle = (o: SelectOption) => commit(isChosen(o) ? chosen.filter((c) => c.value !== o.value) : [...chosen, o]);

  const ms = useMultipleSelection<SelectOption>({
    selectedItems: chosen,
    itemToKey: (o) => (o ? o.value : null),
    onSelectedItemsChange: ({ selectedItems }) => commit(selectedItems),
  });

  const cb = useCombobox<SelectOption>({
    items: list.items,
    itemToString: (o) => o?.label ?? '',
    itemToKey: (o) => (o ? o.value : null),
    // Picks are read from onSelectedItemChange and kept in `value`, so downshift's own single
    // selection stays empty and picking the same option twice toggles it off.
    selectedItem: null,
    inputValue: search,
    isOpen: open,
    inputId: ids.input,
    labelId: ids.label,
    menuId: ids.menu,
    scrollIntoView,
    stateReducer: (state, { type, changes }) => {
      // Stay open on the same option with the same search: several picks in a row.
      if (type === ItemClick || type === InputKeyDownEnter)
        return { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex };
      // Leaving with Tab must not toggle whatever happened to be highlighted.
      if (type === InputBlur) return { ...changes, selectedItem: null };
      return changes;
    },
    onIsOpenChange: ({ isOpen: next }) => {
      setOpen(next);
      if (!next) setSearch('');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) toggle(selectedItem);
    },
    onHighlightedIndexChange: ({ highlightedIndex }) => {
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
        <div
          className={cn(controlBox, 'flex min-h-10 items-center', error ? controlBad : controlOk)}
          onClick={(e) => {
            // A click on the box's empty space acts on the input (the input handles its own clicks).
            if (e.target !== e.currentTarget || disabled) return;
            inputRef.current?.focus();
            cb.openMenu();
          }}
        >
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5 py-1.5 pl-2">
            {chosen.map((o, index) => (
              <span
                // By position: after Delete the next chip takes this node and keeps the focus.
                key={index}
                {...ms.getSelectedItemProps({ selectedItem: o, index })}
                className="inline-flex max-w-full items-center gap-1 rounded-md bg-accent-soft py-0.5 pr-1 pl-2 text-sm text-slate-900"
              >
                <span className="min-w-0 truncate">{o.label}</span>
                {disabled ? null : (
                  <button
                    type="button"
                    // Keyboard users remove chips with Backspace/Delete; one tab stop per chip would be noise.
                    tabIndex={-1}
                    aria-label={`Remove ${o.label}`}
                    className="rounded p-0.5 text-slate-600 hover:bg-white/70 hover:text-slate-900"
                    onClick={(e) => {
                      e.stopPropagation();
                      ms.removeSelectedItem(o);
                    }}
                  >
                    <X aria-hidden="true" size={14} />
                  </button>
                )}
              </span>
            ))}
            <input
              {...cb.getInputProps(
                ms.getDropdownProps({
                  ref: inputRef,
                  disabled,
                  placeholder: chosen.length ? undefined : placeholder,
                  preventKeyAction: open,
                  // Set here, not in onInputValueChange (after the render), or the caret jumps.
                  onChange: (e: ChangeEvent<HTMLInputElement>) => setSearch(e.currentTarget.value),
                  'aria-required': required || undefined,
                  'aria-invalid': error ? true : undefined,
                  'aria-describedby': ids.describedBy,
                }),
              )}
              // Room for a few letters beside a chip (it grows to the rest of the row): a wider start
              // put the input under the first chip of a narrow filter, doubling the box's height.
              className={cn(innerInput, 'h-7 basis-10 px-1')}
            />
          </div>
          <button
            type="button"
            {...cb.getToggleButtonProps({ disabled, 'aria-label': 'Show options' })}
            className="flex h-10 shrink-0 items-center self-start rounded-r-lg px-2.5 text-slate-500 hover:text-slate-800 disabled:cursor-not-allowed disabled:hover:text-slate-500"
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
          menuProps={cb.getMenuProps({ 'aria-multiselectable': true })}
        >
          {open
            ? list.items.map((item, index) => (
                <OptionRow
                  key={item.value}
                  option={item}
                  highlighted={cb.highlightedIndex === index}
                  chosen={isChosen(item)}
                  // In a multi-select listbox aria-selected means "chosen"; the highlight is aria-activedescendant.
                  {...cb.getItemProps({ item, index, 'aria-selected': isChosen(item) })}
                />
              ))
            : null}
        </MenuPanel>
      </div>
      <ListStatus isOpen={open} loading={list.loading} failed={list.failed} count={list.items.length} />
    </FieldShell>
  );
}
