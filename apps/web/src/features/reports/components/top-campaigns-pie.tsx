import type { CampaignReportRow } from '@portal/shared/reports/reports.schemas';
import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { formatInteger } from '../../../lib/format.ts';
import { PIE_COLORS } from './pie-colors.ts';

const SIZE = 160;

/** The pie itself; its figures are the list beside it, so it is hidden from assistive technology. */
export default function TopCampaignsPie({ rows }: { rows: CampaignReportRow[] }) {
  const radius = SIZE / 2 - 4;
  return (
    <div className="mt-2 flex h-40 justify-center" aria-hidden="true">
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`}>
        <Group top={SIZE / 2} left={SIZE / 2}>
          <Pie
            data={rows}
            pieValue={(r) => r.conversions}
            pieSort={null}
            pieSortValues={null}
            outerRadius={radius}
            innerRadius={radius * 0.58}
            padAngle={0.02}
          >
            {({ arcs, path }) =>
              arcs.map((arc, i) => (
                <path
                  key={arc.data.offer_id}
                  d={path(arc) ?? ''}
                  fill={PIE_COLORS[i % PIE_COLORS.length]}
                  stroke="#fff"
                >
                  <title>{`${arc.data.campaign_name}: ${formatInteger(arc.data.conversions)}`}</title>
                </path>
              ))
            }
          </Pie>
        </Group>
      </svg>
    </div>
  );
}
