/** One field an audited write changed: its value before and after (absent: not there). */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

const show = (v: unknown): string | null =>
  v === undefined ? null : v === null ? 'none' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The fields that differ between an entry's object before and after the write, in the after's order. */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return keys
    .map((field) => ({ field, before: show(before?.[field]), after: show(after?.[field]) }))
    .filter((c) => c.before !== c.after);
}
