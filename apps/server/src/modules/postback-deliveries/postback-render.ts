import crypto from 'node:crypto';
import type { MacroValues } from '../../lib/macros.ts';

export interface MacroSource {
  publisher: { id: number; name: string };
  offer: { id: number; name: string };
  event: { id: number };
  click: {
    id: string;
    s1: string | null;
    s2: string | null;
    s3: string | null;
    s4: string | null;
    s5: string | null;
    pub_source: string | null;
    pub_click_id: string | null;
  };
  conversion: {
    id: string;
    created_at: Date;
    payout: number;
    sale_amount: number | null;
    adv_transaction_id: string | null;
    adv_s1: string | null;
    adv_s2: string | null;
    adv_s3: string | null;
    adv_s4: string | null;
    adv_s5: string | null;
    /** Its status (docs/money.md); approved when absent. */
    status?: string;
    /** Why it has its status (a status change's delivery). */
    status_reason?: string | null;
  };
}

const money = (n: number) => String(Math.round(n * 10_000) / 10_000);

/** The values of every postback macro (docs/tracking.md "Macros", docs/errors.md whitelist). */
export function postbackMacroValues(s: MacroSource): MacroValues {
  const iso = s.conversion.created_at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const c = s.click;
  return {
    pub_id: s.publisher.id,
    pub_name: s.publisher.name,
    s1: c.s1,
    s2: c.s2,
    s3: c.s3,
    s4: c.s4,
    s5: c.s5,
    pub_s1: c.s1,
    pub_s2: c.s2,
    pub_s3: c.s3,
    pub_s4: c.s4,
    pub_s5: c.s5,
    pub_source: c.pub_source,
    pub_click_id: c.pub_click_id,
    tid: c.id,
    session_id: c.id,
    adv_transaction_id: s.conversion.adv_transaction_id,
    adv_s1: s.conversion.adv_s1,
    adv_s2: s.conversion.adv_s2,
    adv_s3: s.conversion.adv_s3,
    adv_s4: s.conversion.adv_s4,
    adv_s5: s.conversion.adv_s5,
    offer_id: s.offer.id,
    offer_name: s.offer.name,
    event_id: s.event.id,
    eid: s.event.id,
    conversion_id: s.conversion.id,
    conversion_datetime: iso,
    conversion_date: iso.slice(0, 10),
    conversion_time: iso.slice(11, 19),
    conversion_earnings: money(s.conversion.payout),
    conversion_status: s.conversion.status ?? 'approved',
    status_reason: s.conversion.status_reason ?? null,
    price: s.conversion.sale_amount == null ? null : money(s.conversion.sale_amount),
    random: crypto.randomInt(0, 2 ** 31 - 1),
  };
}
