import { PUBLISHER_STATUS_LABELS, type PublisherStatus } from '@portal/shared/admin/publishers.constants';

/** Active green, suspended and rejected red, pending grey (the status colours of the portal). */
const TONES: Record<PublisherStatus, string> = {
  active: 'bg-green-50 text-green-800 ring-green-600/25',
  pending: 'bg-slate-100 text-slate-700 ring-slate-500/25',
  rejected: 'bg-red-50 text-red-800 ring-red-600/25',
  suspended: 'bg-red-50 text-red-800 ring-red-600/25',
};

/** The console keeps its own pill: the publisher pages' badge module (and its offer labels) stays out of its files. */
export const PublisherStatusBadge = ({ status }: { status: PublisherStatus }) => (
  <span
    className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[status]}`}
  >
    {PUBLISHER_STATUS_LABELS[status]}
  </span>
);
