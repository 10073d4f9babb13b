// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListToolbar } from './list-toolbar.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('list toolbar (docs/screens.md Shared pieces)', () => {
  it("labels a create button 'Create New' unless told otherwise", () => {
    const onClick = vi.fn();
    const { rerender } = render(<ListToolbar create={{ onClick }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create New' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(<ListToolbar create={{ label: 'Add new', onClick }} />);
    expect(screen.getByRole('button', { name: 'Add new' })).toBeTruthy();
  });

  it("the export button: disabled without data, while exporting ('Exporting...') or when disabled; hidden below medium width", () => {
    const onExport = vi.fn();
    const { rerender } = render(<ListToolbar exportCsv={{ onExport, exporting: false, hasData: false }} />);
    const button = () => screen.getByRole('button', { name: /Export CSV|Exporting\.\.\./ }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    expect(screen.getByTestId('export-csv').className).toBe('hidden md:inline-flex');
    rerender(<ListToolbar exportCsv={{ onExport, exporting: false, hasData: true }} />);
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    expect(onExport).toHaveBeenCalledTimes(1);
    rerender(<ListToolbar exportCsv={{ onExport, exporting: true, hasData: true }} />);
    expect(button().textContent).toBe('Exporting...');
    expect(button().disabled).toBe(true);
    rerender(<ListToolbar exportCsv={{ onExport, exporting: false, hasData: true, disabled: true }} />);
    expect(button().disabled).toBe(true);
  });

  it('the count, the refresh button disabled while refreshing, and filters behind Show/Hide', () => {
    const onRefresh = vi.fn();
    const list = (rows: number, more: boolean, refreshing: boolean) => ({
      rows: Array.from({ length: rows }),
      hasMore: more,
      refresh: onRefresh,
      refreshing,
    });
    const { rerender } = render(<ListToolbar list={list(0, false, false)} filters={<span>the filters</span>} />);
    expect(screen.queryByText(/result/)).toBeNull();
    rerender(<ListToolbar list={list(1, false, false)} filters={<span>the filters</span>} />);
    expect(screen.getByText('1 result')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    rerender(<ListToolbar list={list(40, true, true)} filters={<span>the filters</span>} />);
    expect(screen.getByText('40+ results')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement).disabled).toBe(true);
    const toggle = screen.getByRole('button', { name: 'Show filters' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.className).toMatch(/(^|\s)hidden(\s|$)/);
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' }).getAttribute('aria-expanded')).toBe('true');
    expect(panel.className).not.toMatch(/(^|\s)hidden(\s|$)/);
  });

  it('searches once, 500 ms after typing stops', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<ListToolbar onSearch={onSearch} searchLabel="Search offers" />);
    const box = screen.getByRole('searchbox', { name: 'Search offers' });
    for (const text of ['n', 'no', 'nor', 'nort']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => void vi.advanceTimersByTime(200));
    }
    expect(onSearch).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('nort');
  });
});
