import { CONVERSION_FLAGS, type AdminConversion, type ConversionFlag } from '@portal/shared/admin/conversions.schemas';
import type { AdminConversionRow } from './conversions.repository.ts';

const money = (v: string | number | null) => (v == null ? null : Number(v));
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const isFlag = (f: string): f is ConversionFlag => (CONVERSION_FLAGS as readonly string[]).includes(f);

/** A conversion as the operator API answers it (flags included: operators only). */
export const toAdminConversion = (r: AdminConversionRow): AdminConversion => ({
  id: r.id,
  created_at: new Date(r.created_at).toISOString(),
  tid: r.click_id,
  publisher_id: r.publisher_id,
  publisher_name: r.publisher_name ?? `Publisher ${r.publisher_id}`,
  offer_id: r.offer_id,
  offer_name: r.offer_name ?? `Offer ${r.offer_id}`,
  event_id: r.event_id,
  event_type: r.event_type,
  payout: Number(r.payout),
  revenue: Number(r.revenue),
  sale_amount: money(r.sale_amount),
  adv_transaction_id: r.adv_transaction_id,
  source: r.source,
  status: r.status,
  status_reason: r.status_reason,
  status_changed_at: iso(r.status_changed_at),
  flags: (r.flags ?? []).filter(isFlag),
  approve_after: iso(r.approve_after),
  reversal:
    r.reversed_at && r.reversal_reason != null
      ? {
          at: new Date(r.reversed_at).toISOString(),
          reason: r.reversal_reason,
          actor: r.reversal_actor ?? '',
          postbacks: Number(r.reversal_postbacks ?? 0),
        }
      : null,
});

/** What the audit log keeps of a conversion: its money and status, never the visitor's sub IDs. */
export const auditSnapshot = (c: AdminConversion) => ({
  status: c.status,
  status_reason: c.status_reason,
  publisher_id: c.publisher_id,
  offer_id: c.offer_id,
  event_type: c.event_type,
  payout: c.payout,
  revenue: c.revenue,
  created_at: c.created_at,
});
