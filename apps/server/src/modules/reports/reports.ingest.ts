import type { Db } from '../../db/database.ts';

/**
 * Hooks the tracking engine calls inside the transaction that stores events, so the report rollups
 * stay current as events arrive (DESIGN.md §7). The reports area fills them in; the tracking engine
 * only calls them.
 */
export interface IngestedClick {
  id: string;
  created_at: Date;
  publisher_id: number;
  offer_id: number;
  landing_page_id: number | null;
  is_unique: boolean;
  s1: string | null;
  s2: string | null;
  s3: string | null;
  s4: string | null;
  s5: string | null;
  pub_source: string | null;
}

export interface IngestedConversion {
  id: string;
  created_at: Date;
  publisher_id: number;
  offer_id: number;
  landing_page_id: number | null;
  event_id: number;
  event_type: 'conversion' | 'partial' | 'upsell';
  payout: number;
  s1: string | null;
}

export const reportsIngest = {
  async onClicks(_db: Db, _clicks: IngestedClick[]): Promise<void> {},
  async onConversion(_db: Db, _conversion: IngestedConversion): Promise<void> {},
};
