// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Select, type LoadOptions, type OptionPage, type OptionQuery, type SelectOption } from './select.tsx';

afterEach(cleanup);

const OFFERS: SelectOption[] = [
  { value: '', label: 'All Offers' },
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
  { value: 'g', label: 'Gamma' },
];

const combobox = (name = 'Offer') => screen.getByRole<HTMLInputElement>('combobox', { name });
const listbox = () => screen.getByRole('listbox', { hidden: true });
const panel = () => listbox().parentElement!;
const optionLabels = () =>
  within(listbox())
    .queryAllByRole('option')
    .map((o) => o.textContent);

function Single(props: { onChange?: (v: string) => void; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <Select
      label="Offer"
      required
      placeholder="Choose an offer"
      options={OFFERS}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onChange?.(v);
      }}
    />
  );
}

describe('Select, static single', () => {
  it('opens, filters as the user types, picks with the mouse and reports the value', () => {
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    const input = combobox();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-required')).toBe('true');

    fireEvent.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(optionLabels()).toEqual(['All Offers', 'Alpha', 'Beta', 'Gamma']);

    fireEvent.change(input, { target: { value: 'MM' } });
    expect(optionLabels()).toEqual(['Gamma']);

    fireEvent.click(screen.getByRole('option', { name: 'Gamma' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('g');
    expect(input.value).toBe('Gamma');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(optionLabels()).toEqual([]);
  });

  it('works with the keyboard, and the everything option (value "") is a real choice', () => {
    const onChange = vi.fn();
    render(<Single onChange={onChange} initial="b" />);
    const input = combobox();
    expect(input.value).toBe('Beta');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    // Opening highlights the current choice.
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Beta' }).id);

    fireEvent.keyDown(input, { key: 'Home' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('');
    expect(input.value).toBe('All Offers');

    // Escape twice does not throw the choice away.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('All Offers');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("reads 'No option available.' when nothing matches", () => {
    render(<Single />);
    const input = combobox();
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(optionLabels()).toEqual([]);
    expect(within(panel()).getByText('No option available.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No option available.');
  });

  it('shows the error under the field and marks the input invalid', () => {
    render(<Select label="Offer" options={OFFERS} value={null} onChange={() => {}} error="Select an offer" />);
    const input = combobox();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Select an offer');
  });
});

describe('Select, multi', () => {
  function Multi({ onChange }: { onChange: (v: string[]) => void }) {
    const [value, setValue] = useState<string[]>([]);
    return (
      <Select
        multiple
        label="Offers"
        options={OFFERS}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    );
  }

  it('picks two values, stays open between picks, and a second pick of one removes it', () => {
    const onChange = vi.fn();
    render(<Multi onChange={onChange} />);
    const input = combobox('Offers');
    fireEvent.click(input);
    fireEvent.click(screen.getByRole('option', { name: 'Alpha' }));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Gamma' }));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'g']);
    expect(screen.getByRole('option', { name: 'Alpha' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Beta' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('button', { name: 'Remove Gamma' })).toBeTruthy();

    fireEvent.click(screen.getByRole('option', { name: 'Alpha' }));
    expect(onChange).toHaveBeenLastCalledWith(['g']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Gamma' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('picks with the keyboard and Backspace in the empty input removes the last choice', () => {
    const onChange = vi.fn();
    render(<Multi onChange={onChange} />);
    const input = combobox('Offers');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith(['a']);
  });
});

/** A loader whose pages the test answers by hand. */
function manualLoader() {
  const calls: { query: OptionQuery; resolve: (page: OptionPage) => void }[] = [];
  const load = vi.fn<LoadOptions>((query) => new Promise<OptionPage>((resolve) => calls.push({ query, resolve })));
  const answer = async (i: number, page: OptionPage) => {
    await act(async () => calls[i]!.resolve(page));
  };
  return { load, calls, answer };
}

const page = (labels: string[], next: string | null): OptionPage => ({
  options: labels.map((l) => ({ value: l.toLowerCase(), label: l })),
  next,
});

function scrollToEnd(el: HTMLElement) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: 400 });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: 200 });
  Object.defineProperty(el, 'scrollTop', { configurable: true, value: 200 });
  fireEvent.scroll(el);
}

describe('Select, lazy', () => {
  it('loads the first page on open, the next on scroll, and restarts on a new search', async () => {
    const { load, calls, answer } = manualLoader();
    render(<Select label="Offer" loadOptions={load} value={null} onChange={() => {}} />);
    expect(load).not.toHaveBeenCalled();

    fireEvent.click(combobox());
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls[0]!.query).toMatchObject({ search: '', cursor: null });
    expect(within(panel()).getByText('Loading…')).toBeTruthy();

    await answer(0, page(['One', 'Two', 'Three', 'Four', 'Five'], 'c2'));
    expect(optionLabels()).toEqual(['One', 'Two', 'Three', 'Four', 'Five']);
    expect(within(panel()).queryByText('Loading…')).toBeNull();

    scrollToEnd(listbox());
    expect(load).toHaveBeenCalledTimes(2);
    expect(calls[1]!.query).toMatchObject({ search: '', cursor: 'c2' });
    // A second scroll while the page is on its way asks nothing more.
    scrollToEnd(listbox());
    expect(load).toHaveBeenCalledTimes(2);

    await answer(1, page(['Six'], null));
    expect(optionLabels()).toEqual(['One', 'Two', 'Three', 'Four', 'Five', 'Six']);
    // The end of the list: no cursor, no more requests.
    scrollToEnd(listbox());
    expect(load).toHaveBeenCalledTimes(2);

    fireEvent.change(combobox(), { target: { value: 'si' } });
    // Debounced: nothing is asked at once.
    expect(load).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
    expect(calls[2]!.query).toMatchObject({ search: 'si', cursor: null });
    await answer(2, page(['Six'], null));
    expect(optionLabels()).toEqual(['Six']);
  });

  it('aborts the request of an older search and never shows its answer', async () => {
    const { load, calls, answer } = manualLoader();
    const onChange = vi.fn();
    render(<Select label="Offer" loadOptions={load} value={null} onChange={onChange} />);
    const input = combobox();
    fireEvent.click(input);
    await answer(0, page(['Alpha', 'Beta'], null));

    fireEvent.change(input, { target: { value: 'a' } });
    await act(() => new Promise((r) => setTimeout(r, 150)));
    fireEvent.change(input, { target: { value: 'al' } });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    // One request for the settled text, none for the keystroke before it.
    expect(calls[1]!.query.search).toBe('al');

    fireEvent.change(input, { target: { value: 'alp' } });
    expect(calls[1]!.query.signal.aborted).toBe(true);
    await answer(1, page(['Stale'], null));
    expect(optionLabels()).toEqual([]);

    await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
    expect(calls[2]!.query).toMatchObject({ search: 'alp', cursor: null });
    expect(calls[2]!.query.signal.aborted).toBe(false);
    await answer(2, page(['Alpha'], null));
    expect(optionLabels()).toEqual(['Alpha']);

    fireEvent.click(screen.getByRole('option', { name: 'Alpha' }));
    expect(onChange).toHaveBeenCalledWith('alpha', { value: 'alpha', label: 'Alpha' });
  });

  it('keeps the label of a picked option when the list restarts on the next open', async () => {
    const { load, answer } = manualLoader();
    function Lazy() {
      const [value, setValue] = useState<string | null>(null);
      return <Select label="Offer" loadOptions={load} value={value} onChange={setValue} />;
    }
    render(<Lazy />);
    const input = combobox();
    fireEvent.click(input);
    await answer(0, page(['Alpha', 'Beta'], null));
    fireEvent.click(screen.getByRole('option', { name: 'Beta' }));
    expect(input.value).toBe('Beta');

    fireEvent.click(input);
    expect(load).toHaveBeenCalledTimes(2);
    expect(optionLabels()).toEqual([]);
    expect(input.value).toBe('Beta');
  });

  it("reads 'No option available.' when the server has nothing", async () => {
    const { load, answer } = manualLoader();
    render(<Select label="Offer" loadOptions={load} value={null} onChange={() => {}} />);
    fireEvent.click(combobox());
    await answer(0, page([], null));
    expect(within(panel()).getByText('No option available.')).toBeTruthy();
  });
});

describe('Select, disabled', () => {
  it('shows its value and does not open', () => {
    render(<Select label="Offer" options={OFFERS} value="b" onChange={() => {}} disabled />);
    const input = combobox();
    expect(input.value).toBe('Beta');
    expect(input.disabled).toBe(true);
    fireEvent.click(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.click(screen.getByRole('button', { name: 'Show options', hidden: true }));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(optionLabels()).toEqual([]);
  });

  it('shows the given label of a lazy value that is not loaded, and asks the server nothing', () => {
    const { load } = manualLoader();
    render(
      <Select label="Offer" loadOptions={load} value="42" selectedLabel="Summer Sale" onChange={() => {}} disabled />,
    );
    const input = combobox();
    expect(input.value).toBe('Summer Sale');
    fireEvent.click(input);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('Select, in a Radix dialog', () => {
  it('Escape closes the open list first, the dialog only on the next Escape', () => {
    const onOpenChange = vi.fn();
    render(
      <Dialog.Root open onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Content aria-describedby={undefined}>
            <Dialog.Title>Create Pixel / Postback</Dialog.Title>
            <Select label="Offer" options={OFFERS} value={null} onChange={() => {}} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>,
    );
    const input = combobox();
    fireEvent.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onOpenChange).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
