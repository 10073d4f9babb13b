// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrillDownMenu } from './drill-down-menu.tsx';

afterEach(cleanup);

const OPTIONS = [
  { value: 'daily', label: 'Daily' },
  { value: 'hourly', label: 'Hourly' },
];

const trigger = () => screen.getByRole('button', { name: 'Drill down on Summer Sale' });
// Radix opens on pointerdown (mouse) rather than click.
const press = (el: Element) => fireEvent.pointerDown(el, { button: 0, ctrlKey: false });

function setup() {
  const onSelect = vi.fn();
  render(<DrillDownMenu label="Drill down on Summer Sale" options={OPTIONS} onSelect={onSelect} />);
  return { onSelect };
}

describe('DrillDownMenu', () => {
  it('toggles its list with the button', () => {
    setup();
    expect(screen.queryByRole('menu')).toBeNull();
    press(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Daily', 'Hourly']);
    press(trigger());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('calls onSelect with the picked option and closes', () => {
    const { onSelect } = setup();
    press(trigger());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hourly' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith({ value: 'hourly', label: 'Hourly' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Escape and on a click outside, without selecting', async () => {
    const { onSelect } = setup();
    press(trigger());
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();

    press(trigger());
    expect(screen.getByRole('menu')).toBeTruthy();
    // Radix starts listening for outside presses a tick after opening (so the opening press is not one).
    await act(() => new Promise((r) => setTimeout(r, 0)));
    press(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('opens with the keyboard', () => {
    setup();
    fireEvent.keyDown(trigger(), { key: 'Enter' });
    expect(screen.getAllByRole('menuitem')).toHaveLength(2);
  });

  describe('placement (docs/limits.md)', () => {
    const width = window.innerWidth;
    afterEach(() => {
      window.innerWidth = width;
      vi.restoreAllMocks();
    });
    const openAt = (viewport: number, buttonRight: number) => {
      window.innerWidth = viewport;
      setup();
      vi.spyOn(trigger(), 'getBoundingClientRect').mockReturnValue(new DOMRect(buttonRight - 32, 100, 32, 32));
      press(trigger());
      const menu = screen.getByRole('menu');
      return { side: menu.getAttribute('data-side'), align: menu.getAttribute('data-align') };
    };

    it('opens beside the button on wide screens, to the left within 200 px of the right edge', () => {
      expect(openAt(1280, 600)).toEqual({ side: 'right', align: 'start' });
      cleanup();
      expect(openAt(1280, 1100)).toEqual({ side: 'left', align: 'start' });
    });

    it('sits under the button below 1024 px, right-aligned near the right edge', () => {
      expect(openAt(390, 100)).toEqual({ side: 'bottom', align: 'start' });
      cleanup();
      expect(openAt(390, 370)).toEqual({ side: 'bottom', align: 'end' });
    });
  });
});
