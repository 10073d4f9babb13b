import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { todayIn } from '../../../components/ui/date-range/date-range.ts';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { RouteTabs } from '../../../components/ui/route-tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { ReportView } from '../../../features/reports/components/report-view.tsx';
import { REPORTS, reportByRoute } from '../../../features/reports/report-definitions.tsx';
import {
  readReportFilters,
  writeReportFilters,
  type DrillTarget,
  type ReportFilterState,
} from '../../../features/reports/report-filters.ts';
import { useTimeZone } from '../../../features/user/api/user.ts';

export function Component() {
  const { type } = useParams();
  const report = reportByRoute(type ?? '');
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
      {timeZone ? <Reports route={report.route} timeZone={timeZone} /> : null}
    </PageWrapper>
  );
}

function Reports({ route, timeZone }: { route: string; timeZone: string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  // Filters are shared by every tab and live in the query string the tabs keep (docs/screens.md).
  const filters = readReportFilters(search, todayIn(timeZone));
  const setFilters = (f: ReportFilterState) => setSearch(writeReportFilters(f), { replace: true });
  const drill = (t: DrillTarget) => void navigate(`${paths.reports(t.report)}?${writeReportFilters(t.filters)}`);
  return (
    <RouteTabs
      label="Reports"
      active={route}
      tabs={REPORTS.map((r) => ({ value: r.route, label: r.label, to: paths.reports(r.route) }))}
    >
      {(shown) => {
        const report = reportByRoute(shown)!;
        return (
          <ReportView
            key={report.route}
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
