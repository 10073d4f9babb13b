import { SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import CalendarDays from 'lucide-react/icons/calendar-days';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Download from 'lucide-react/icons/download';
import Plus from 'lucide-react/icons/plus';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Search from 'lucide-react/icons/search';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Button } from '../button.tsx';
import { cn } from '../cn.ts';
import { resultCount } from './loading-display.ts';

export interface ListToolbarProps {
  /** Called with the search text once typing has paused for 500 ms (docs/limits.md). */
  onSearch?: (text: string) => void;
  searchLabel?: string;
  searchPlaceholder?: string;
  /**
   * The list the toolbar is for (use-infinite-list.ts): its count, rows loaded so far with `+` while
   * more pages remain (none before any row), and its Refresh, disabled while refreshing.
   */
  list?: ToolbarList;
  /** More buttons, before the create button. */
  actions?: ReactNode;
  /** The create button ('Create New' unless labelled). */
  create?: { label?: string; onClick: () => void };
  /** The CSV export button, hidden below medium width (docs/screens.md). */
  exportCsv?: { onExport: () => void; exporting: boolean; hasData: boolean; disabled?: boolean };
  /** Filter controls; collapsed behind Show/Hide on small screens. */
  filters?: ReactNode;
  /**
   * What the filters are set to (the period first), in the phone's Show/Hide toggle: figures are never on
   * screen without their period, even with the filters folded.
   */
  filterSummary?: string;
}

/** What the toolbar reads of its list. */
export interface ToolbarList {
  rows: readonly unknown[];
  hasMore: boolean;
  refresh: () => void;
  refreshing: boolean;
}

/** The list toolbar of docs/screens.md "Shared pieces". */
export function ListToolbar(p: ListToolbarProps) {
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-2 md:gap-3">
      {p.onSearch ? (
        <SearchBox
          onSearch={p.onSearch}
          label={p.searchLabel ?? 'Search'}
          placeholder={p.searchPlaceholder ?? 'Search'}
        />
      ) : null}
      {p.filters && p.filterSummary ? (
        <button
          type="button"
          className="flex min-h-10 basis-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm shadow-xs hover:bg-slate-50 md:hidden"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((o) => !o)}
          data-testid="filter-summary"
        >
          <CalendarDays size={16} aria-hidden="true" className="shrink-0 text-slate-500" />
          <span className="min-w-0 flex-1 font-medium text-slate-900 tabular">{p.filterSummary}</span>
          <span className="inline-flex shrink-0 items-center gap-1 font-medium text-accent">
            {filtersOpen ? 'Hide' : 'Show'} filters
            <ChevronDown
              size={16}
              aria-hidden="true"
              className={cn('transition-transform motion-reduce:transition-none', filtersOpen && 'rotate-180')}
            />
          </span>
        </button>
      ) : p.filters ? (
        <button
          type="button"
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50 md:hidden"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          <SlidersHorizontal size={16} aria-hidden="true" />
          {filtersOpen ? 'Hide' : 'Show'} filters
        </button>
      ) : null}
      {p.filters ? (
        // One set of controls: on a phone a collapsible row under the others, from medium width inline.
        <div
          id={filtersId}
          className={cn(
            'order-last basis-full flex-col gap-3 md:order-none md:flex md:basis-auto md:flex-row md:items-end',
            filtersOpen ? 'flex' : 'hidden',
          )}
        >
          {p.filters}
        </div>
      ) : null}
      {/* The count is its own box before the buttons: when it arrives it grows leftwards into the free
          space and the buttons stay put (no layout shift). */}
      <span className="ml-auto self-center text-sm whitespace-nowrap text-slate-600 tabular" aria-live="polite">
        {p.list && p.list.rows.length > 0 ? resultCount(p.list.rows.length, p.list.hasMore) : null}
      </span>
      <div className="flex items-center gap-2">
        {p.list ? (
          <Button
            variant="secondary"
            size="md"
            onClick={p.list.refresh}
            disabled={p.list.refreshing}
            aria-label="Refresh"
            title="Refresh"
            className="w-10 px-0!"
            icon={
              <RefreshCw
                size={16}
                aria-hidden="true"
                className={cn(p.list.refreshing && 'animate-spin motion-reduce:animate-none')}
              />
            }
          />
        ) : null}
        {p.exportCsv ? (
          // Hidden below medium width (docs/screens.md): a phone is no place to open a spreadsheet.
          <span className="hidden md:inline-flex" data-testid="export-csv">
            <Button
              variant="secondary"
              onClick={p.exportCsv.onExport}
              disabled={!p.exportCsv.hasData || p.exportCsv.exporting || p.exportCsv.disabled}
              icon={<Download size={16} aria-hidden="true" />}
            >
              {p.exportCsv.exporting ? 'Exporting...' : 'Export CSV'}
            </Button>
          </span>
        ) : null}
        {p.actions}
        {p.create ? (
          <Button onClick={p.create.onClick} icon={<Plus size={16} aria-hidden="true" />}>
            {p.create.label ?? 'Create New'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function SearchBox({
  onSearch,
  label,
  placeholder,
}: {
  onSearch: (text: string) => void;
  label: string;
  placeholder: string;
}) {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const first = useRef(true);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  useEffect(() => {
    // The empty text on mount is the list's starting point, not a search.
    if (first.current) {
      first.current = false;
      return;
    }
    onSearchRef.current(settled.trim());
  }, [settled]);
  return (
    <div className="relative w-full md:w-72">
      <Search
        size={16}
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-9 pl-9 text-[15px] shadow-xs placeholder:text-slate-500 focus:border-accent focus:ring-3 focus:ring-accent/20 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => setText('')}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1.5 text-slate-500 hover:text-slate-800"
        >
          <X size={15} aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
