import type { PublisherUser } from '@portal/shared/admin/publishers.schemas';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { consolePaths } from '../console-paths.ts';
import { PublisherStatusBadge } from './publisher-status-badge.tsx';

/**
 * The account's users and the other accounts each can switch to (multi-account login). Managers
 * link another existing user or take one off.
 */
export function PublisherUsersCard({
  users,
  canWrite,
  onLink,
  onUnlink,
}: {
  users: PublisherUser[];
  canWrite: boolean;
  onLink: () => void;
  onUnlink: (user: PublisherUser) => void;
}) {
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Users and linked accounts</h2>
        {canWrite ? (
          <Button size="sm" variant="secondary" onClick={onLink}>
            Link a user
          </Button>
        ) : null}
      </div>
      {users.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No user can log in to this account.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Users">
          {users.map((u) => (
            <li key={u.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">{u.name || u.email}</p>
                <p className="break-all text-slate-600">{u.email}</p>
                {u.other_accounts.length > 0 ? (
                  <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
                    <span>Also uses</span>
                    {u.other_accounts.map((a) => (
                      <span key={a.id} className="inline-flex items-center gap-1.5">
                        <Link to={consolePaths.publisher(a.id)} className="font-medium text-accent hover:underline">
                          {a.name}
                        </Link>
                        <PublisherStatusBadge status={a.status} />
                      </span>
                    ))}
                  </p>
                ) : null}
              </div>
              {canWrite ? (
                <Button size="sm" variant="secondary" onClick={() => onUnlink(u)} aria-label={`Unlink ${u.email}`}>
                  Unlink
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
