/**
 * Operators of the console (docs/operator-console.md), without zod: the web console's layout reads
 * these, and a label should not pull in the schema library.
 */
export const OPERATOR_ROLES = ['owner', 'manager', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  viewer: 'Viewer',
};
/** What each role may do, as the Operators screen explains it. */
export const OPERATOR_ROLE_HINTS: Record<OperatorRole, string> = {
  owner: 'Everything, operators and console settings included',
  manager: 'Everything but operators and console settings',
  viewer: 'Reads only',
};

const RANK: Record<OperatorRole, number> = { viewer: 0, manager: 1, owner: 2 };
/** Whether `role` may do what `needed` may: owner ⊇ manager ⊇ viewer. */
export const roleAllows = (role: OperatorRole, needed: OperatorRole): boolean => RANK[role] >= RANK[needed];

export const OPERATOR_STATUSES = ['active', 'disabled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/** How long a set-password link (invitation or `operator:create`) works: three days. */
export const OPERATOR_PASSWORD_LINK_TTL_HOURS = 72;
/** The console's own page for it; the link is `{PUBLIC_URL}/admin/set-password?token=…`. */
export const OPERATOR_SET_PASSWORD_PAGE = '/admin/set-password';

/**
 * The objects an audit entry can be about, and so the audit log's object filter. An area that
 * writes about something else adds it here.
 */
export const AUDIT_OBJECT_TYPES = [
  'publisher',
  'advertiser',
  'offer',
  'conversion',
  'invoice',
  'notification',
  'operator',
  'settings',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];
export const AUDIT_OBJECT_LABELS: Record<AuditObjectType, string> = {
  publisher: 'Publisher',
  advertiser: 'Advertiser',
  offer: 'Offer',
  conversion: 'Conversion',
  invoice: 'Invoice',
  notification: 'Notification',
  operator: 'Operator',
  settings: 'Settings',
};

/** The console's settings (the `settings` table's `operators.*` keys). */
export const OPERATOR_SETTING_KEYS = { require2fa: 'operators.require_2fa' } as const;
