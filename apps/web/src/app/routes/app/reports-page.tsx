import { Navigate, useParams } from 'react-router';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { paths, REPORT_TYPES, type ReportType } from '../../../config/paths.ts';
import { ComingSoon } from './coming-soon.tsx';

const LABELS: Record<ReportType, string> = {
  'campaign-summary': 'Campaign Summary',
  'daily-summary': 'Daily Summary',
  'hourly-summary': 'Hourly Summary',
  'landing-page-summary': 'Landing Page Summary',
  'sub-affiliate-summary': 'Sub Affiliate Summary',
  conversion: 'Conversion Report',
  click: 'Click Report',
  referral: 'Referral Report',
};

export function Component() {
  const { type } = useParams();
  if (!(REPORT_TYPES as readonly string[]).includes(type ?? '')) return <Navigate to={paths.notFound} replace />;
  return (
    <PageWrapper title="Reports" icon="Reports" wide description={LABELS[type as ReportType]}>
      <ComingSoon what={`The ${LABELS[type as ReportType]}`} />
    </PageWrapper>
  );
}
