import type { InvoiceItem } from '@portal/shared/invoices/invoices.schemas';

export const REFERRAL_TAG = 'Referral commission';

/**
 * How an invoice line is named: an offer line by its offer; a referral line by the referred
 * publisher, tagged 'Referral commission' (the server's name repeats the tag as a prefix, which
 * the tag makes redundant).
 */
export function lineLabel(item: Pick<InvoiceItem, 'kind' | 'name'>): { name: string; tag: string | null } {
  if (item.kind !== 'referral') return { name: item.name, tag: null };
  const prefix = new RegExp(`^${REFERRAL_TAG}:\\s*`, 'i');
  const name = item.name.replace(prefix, '').trim();
  return { name: name || item.name, tag: REFERRAL_TAG };
}
