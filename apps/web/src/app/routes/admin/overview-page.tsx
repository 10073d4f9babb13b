import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { useOverview } from '../../../features/admin/api/overview.ts';
import { CapsCard } from '../../../features/admin/components/caps-card.tsx';
import { PendingPublishersCard } from '../../../features/admin/components/pending-publishers-card.tsx';
import { FailingReceiversCard } from '../../../features/admin/overview/failing-receivers-card.tsx';
import { NetworkFiguresCards } from '../../../features/admin/overview/network-figures-card.tsx';
import { RefusalsCard } from '../../../features/admin/overview/refusals-card.tsx';

/** The console's first screen: the network at a glance (docs/operator-console.md "Overview"). */
export function Component() {
  const overview = useOverview();
  return (
    <PageWrapper title="Overview" wide>
      <QueryBlock query={overview} what="the overview">
        {(data) => (
          <div className="grid gap-4">
            <NetworkFiguresCards network={data.network} />
            <div className="grid gap-4 lg:grid-cols-2">
              <PendingPublishersCard pending={data.pending_publishers} />
              <CapsCard caps={data.caps} />
              <FailingReceiversCard failing={data.failing_receivers} />
              <RefusalsCard refusals={data.refusals} />
            </div>
          </div>
        )}
      </QueryBlock>
    </PageWrapper>
  );
}
