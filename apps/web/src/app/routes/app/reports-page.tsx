import type { ReportType } from '@portal/shared/reports/reports.schemas';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { todayIn } from '../../../components/ui/date-range/date-range.ts';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { RouteTabs } from '../../../components/ui/route-tabs.tsx';
import { paths, reportOfSlug } from '../../../config/paths.ts';
import { ReportView } from '../../../features/reports/components/report-view.tsx';
import { REPORTS, reportOfType } from '../../../features/reports/report-definitions.tsx';
import {
  readReportFilters,
  writeReportFilters,
  type DrillTarget,
  type ReportFilterState,
} from '../../../features/reports/report-filters.ts';
import { useTimeZone } from '../../../features/user/api/user.ts';

export function Component() {
  const { type } = useParams();
  const report = reportOfSlug(type ?? '');
  const timeZone = useTimeZone();
  if (!report) return <Navigate to={paths.notFound} replace />;
  return (
    <PageWrapper
      title="Reports"
      seoTitle="Reports"
      icon="Reports"
      description="Your traffic, conversions and earnings, by campaign, day, hour, landing page and sub ID."
      wide
    >
      <Reports type={report} timeZone={timeZone} />
    </PageWrapper>
  );
}

/** The tabs at once; a report once the profile's zone, which its days are in, is known. */
function Reports({ type, timeZone }: { type: ReportType; timeZone: string | null }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  // Filters are shared by every tab and live in the query string the tabs keep (docs/screens.md).
  const filters = timeZone ? readReportFilters(search, todayIn(timeZone)) : null;
  const setFilters = (f: ReportFilterState) => setSearch(writeReportFilters(f), { replace: true });
  const drill = (t: DrillTarget) => void navigate(`${paths.reports(t.report)}?${writeReportFilters(t.filters)}`);
  return (
    <RouteTabs
      label="Reports"
      phoneSelect="Report"
      active={type}
      tabs={REPORTS.map((r) => ({ value: r.type, label: r.label, to: paths.reports(r.type) }))}
    >
      {(shown) => {
        if (!timeZone || !filters) return null;
        const report = reportOfType(shown);
        return (
          <ReportView
            key={report.type}
            report={report}
            filters={filters}
            onFiltersChange={setFilters}
            onDrill={drill}
            timeZone={timeZone}
          />
        );
      }}
    </RouteTabs>
  );
}
