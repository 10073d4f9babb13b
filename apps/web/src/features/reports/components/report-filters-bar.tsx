import { PAGE_SIZE } from '@portal/shared/constants';
import { REPORT_CONVERSION_STATUS_LABELS, REPORT_CONVERSION_STATUSES } from '@portal/shared/reports/reports.constants';
import { useMemo } from 'react';
import { LazyDateRangePicker } from '../../../components/ui/date-range/lazy-date-range-picker.tsx';
import { LazyMultiSelect } from '../../../components/ui/select/lazy-multi-select.tsx';
import { getOfferOptions } from '../../../lib/offer-options.ts';
import { useLandingPagesOf } from '../api/get-landing-pages.ts';
import type { ReportFilterState } from '../report-filters.ts';
import { useLabels } from '../api/use-filter-labels.ts';
import { rememberLabels } from '../report-labels.ts';

const STATUS_OPTIONS = REPORT_CONVERSION_STATUSES.map((s) => ({ value: s, label: REPORT_CONVERSION_STATUS_LABELS[s] }));

/**
 * The reports' shared filters (docs/screens.md): date range, offers, landing pages of those offers;
 * and on the conversion report (`statusFilter`) the conversions' statuses.
 */
export function ReportFiltersBar({
  filters,
  onChange,
  timeZone,
  statusFilter = false,
}: {
  filters: ReportFilterState;
  onChange: (f: ReportFilterState) => void;
  timeZone: string;
  statusFilter?: boolean;
}) {
  const labels = useLabels(filters);
  const pages = useLandingPagesOf(filters.offers);
  const pageOptions = useMemo(() => {
    const several = filters.offers.length > 1;
    return pages.map((p) => ({
      value: String(p.id),
      label: several ? `${labels.offer(p.offerId)} · ${p.name}` : p.name,
    }));
  }, [pages, labels, filters.offers.length]);

  return (
    <>
      <LazyDateRangePicker
        value={filters.range}
        onChange={(range) => range && onChange({ ...filters, range })}
        timeZone={timeZone}
        label="Date range"
      />
      <LazyMultiSelect
        multiple
        label="Offers"
        className="w-full md:w-64"
        placeholder={filters.offers.length ? undefined : 'All offers'}
        value={filters.offers.map(String)}
        selectedLabels={Object.fromEntries(filters.offers.map((id) => [String(id), labels.offer(id)]))}
        loadOptions={(q) => getOfferOptions({ ...q, limit: PAGE_SIZE })}
        onChange={(values, options) => {
          rememberLabels({ offers: options.map((o) => [Number(o.value), o.label.replace(/^\[\d+\] /, '')]) });
          const offers = values.map(Number);
          // A landing page belongs to one offer: drop those of offers no longer chosen.
          const keep = new Set(pages.filter((p) => offers.includes(p.offerId)).map((p) => p.id));
          onChange({ ...filters, offers, landingPages: filters.landingPages.filter((id) => keep.has(id)) });
        }}
      />
      <LazyMultiSelect
        multiple
        label="Landing pages"
        className="w-full md:w-64"
        disabled={filters.offers.length === 0}
        placeholder={
          filters.offers.length
            ? filters.landingPages.length
              ? undefined
              : 'All landing pages'
            : 'Choose an offer first'
        }
        value={filters.landingPages.map(String)}
        selectedLabels={Object.fromEntries(filters.landingPages.map((id) => [String(id), labels.landingPage(id)]))}
        options={pageOptions}
        onChange={(values, options) => {
          rememberLabels({ landingPages: options.map((o) => [Number(o.value), o.label]) });
          onChange({ ...filters, landingPages: values.map(Number) });
        }}
      />
      {statusFilter ? (
        <LazyMultiSelect
          multiple
          label="Status"
          className="w-full md:w-48"
          placeholder={filters.statuses?.length ? undefined : 'All statuses'}
          value={filters.statuses ?? []}
          selectedLabels={REPORT_CONVERSION_STATUS_LABELS}
          options={STATUS_OPTIONS}
          onChange={(values) => {
            const statuses = REPORT_CONVERSION_STATUSES.filter((s) => values.includes(s));
            const { statuses: _old, ...rest } = filters;
            onChange(statuses.length ? { ...rest, statuses } : rest);
          }}
        />
      ) : null}
    </>
  );
}
