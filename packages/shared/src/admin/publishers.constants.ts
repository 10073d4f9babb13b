/**
 * Publisher accounts as the console shows them (docs/operator-console.md "Publishers"), without
 * zod: labels should not pull in the schema library.
 */
export const PUBLISHER_STATUSES = ['pending', 'active', 'rejected', 'suspended'] as const;
export type PublisherStatus = (typeof PUBLISHER_STATUSES)[number];
export const PUBLISHER_STATUS_LABELS: Record<PublisherStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

/** The status changes an operator makes, each with a reason kept in the audit log. */
export const PUBLISHER_STATUS_ACTIONS = ['approve', 'reject', 'suspend', 'reactivate'] as const;
export type PublisherStatusAction = (typeof PUBLISHER_STATUS_ACTIONS)[number];

/** Each change: the statuses it applies to, and the status it leaves. */
export const PUBLISHER_STATUS_CHANGES: Record<
  PublisherStatusAction,
  { from: readonly PublisherStatus[]; to: PublisherStatus; label: string }
> = {
  approve: { from: ['pending', 'rejected'], to: 'active', label: 'Approve' },
  reject: { from: ['pending'], to: 'rejected', label: 'Reject' },
  suspend: { from: ['active'], to: 'suspended', label: 'Suspend' },
  reactivate: { from: ['suspended'], to: 'active', label: 'Reactivate' },
};

/** The changes open to a publisher in `status`, in the order the page shows them. */
export const statusActionsFor = (status: PublisherStatus): PublisherStatusAction[] =>
  PUBLISHER_STATUS_ACTIONS.filter((a) => PUBLISHER_STATUS_CHANGES[a].from.includes(status));
