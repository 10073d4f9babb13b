import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole } from '@portal/shared/admin/operators.constants';
import type { OperatorRow } from '@portal/shared/admin/operators.schemas';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import type { Column } from '../../../components/ui/list/types.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

const ROLE_OPTIONS = OPERATOR_ROLES.map((r) => ({ value: r, label: OPERATOR_ROLE_LABELS[r] }));

function StatusBadge({ operator }: { operator: OperatorRow }) {
  const [text, tone] =
    operator.status === 'disabled'
      ? ['Disabled', 'bg-slate-100 text-slate-700']
      : operator.password_set
        ? ['Active', 'bg-green-50 text-green-800']
        : ['Invited', 'bg-amber-50 text-amber-900'];
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', tone)}>{text}</span>;
}

export interface OperatorActions {
  onRole: (operator: OperatorRow, role: OperatorRole) => void;
  onDisable: (operator: OperatorRow) => void;
  onEnable: (operator: OperatorRow) => void;
  /** An owner's reset link: for another active operator with a password (an invited one gets a new invitation). */
  onResetLink: (operator: OperatorRow) => void;
  /** The signed-in owner: their own password changes on the Security page. */
  meId: number | null;
  /** The operator whose change is under way. */
  busyId: number | null;
}

/**
 * The Operators list's columns: who, role (changed in place), status, two-factor, last sign-in, and
 * Reset link and Disable, or Enable.
 */
export function operatorColumns(a: OperatorActions): Column<OperatorRow>[] {
  return [
    {
      id: 'name',
      header: 'Operator',
      primary: true,
      cell: (o) => (
        <span className="break-all">
          <span className="block font-medium text-slate-900">{o.name || o.email}</span>
          <span className="text-slate-600">{o.email}</span>
        </span>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      width: '10rem',
      cell: (o) => (
        <select
          aria-label={`Role of ${o.email}`}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm disabled:opacity-60"
          value={o.role}
          disabled={o.status === 'disabled' || a.busyId === o.id}
          onChange={(e) => a.onRole(o, e.target.value as OperatorRole)}
        >
          {ROLE_OPTIONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      ),
    },
    { id: 'status', header: 'Status', width: '7rem', cell: (o) => <StatusBadge operator={o} /> },
    { id: 'two-factor', header: 'Two-factor', width: '7rem', cell: (o) => (o.two_factor_enabled ? 'On' : 'Off') },
    {
      id: 'last-login',
      header: 'Last sign-in',
      width: '12.5rem',
      cell: (o) => (o.last_login_at ? formatDateTime(o.last_login_at, browserTimeZone()) : 'Never'),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      width: '13rem',
      cell: (o) =>
        o.status === 'active' ? (
          <span className="inline-flex justify-end gap-2 whitespace-nowrap">
            {o.password_set && o.id !== a.meId ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => a.onResetLink(o)}
                aria-label={`Reset link for ${o.email}`}
              >
                Reset link
              </Button>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => a.onDisable(o)} aria-label={`Disable ${o.email}`}>
              Disable
            </Button>
          </span>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            loading={a.busyId === o.id}
            onClick={() => a.onEnable(o)}
            aria-label={`Enable ${o.email}`}
          >
            Enable
          </Button>
        ),
    },
  ];
}
