import { roleAllows } from '@portal/shared/admin/operators.constants';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { OfferAccessPanel } from '../../../features/admin/offer-access/offer-access-panel.tsx';
import { ManagerAssignmentCard } from '../../../features/admin/publishers/manager-assignment-card.tsx';
import { PayoutsCard } from '../../../features/admin/publishers/payouts-card.tsx';
import {
  LazyPublisherDialog,
  type PublisherDialog,
} from '../../../features/admin/publishers/lazy-publisher-modals.tsx';
import { PublisherFiguresCard } from '../../../features/admin/publishers/publisher-figures.tsx';
import { PublisherSummary } from '../../../features/admin/publishers/publisher-summary.tsx';
import { PublisherUsersCard } from '../../../features/admin/publishers/publisher-users.tsx';
import { usePublisher } from '../../../features/admin/publishers/publishers-api.ts';

/**
 * One publisher account (docs/operator-console.md "Publishers"): status and its changes, View as
 * publisher, month to date, users and linked accounts, account manager, offer access. A viewer
 * reads it all; the writes are a manager's.
 */
export function Component() {
  const id = Number(useParams().id);
  const publisher = usePublisher(id);
  const { data: me } = useOperatorMe();
  const canWrite = me ? roleAllows(me.role, 'manager') : false;
  const [dialog, setDialog] = useState<PublisherDialog>(null);
  return (
    <PageWrapper title="Publishers" back={{ to: consolePaths.publishers, label: 'All publishers' }} wide>
      <QueryBlock query={publisher} what="this publisher">
        {(p) => (
          <div className="flex flex-col gap-4">
            <PublisherSummary
              publisher={p}
              canWrite={canWrite}
              onStatus={(action) => setDialog({ kind: 'status', action })}
            />
            <div className="grid gap-4 lg:grid-cols-2">
              <PublisherFiguresCard figures={p.month_to_date} />
              <ManagerAssignmentCard
                key={p.account_manager?.id ?? 0}
                publisherId={p.id}
                current={p.account_manager}
                canWrite={canWrite}
              />
              <PayoutsCard key={`${p.minimum_payout}`} publisher={p} canWrite={canWrite} />
              <PublisherUsersCard
                users={p.users}
                canWrite={canWrite}
                onLink={() => setDialog({ kind: 'link' })}
                onUnlink={(u) => setDialog({ kind: 'unlink', user: u })}
              />
            </div>
            <OfferAccessPanel publisherId={p.id} />
            <LazyPublisherDialog dialog={dialog} publisher={p} onClose={() => setDialog(null)} />
          </div>
        )}
      </QueryBlock>
    </PageWrapper>
  );
}
