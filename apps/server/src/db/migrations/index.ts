import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.ts';
import * as m0002 from './0002-network.ts';
import * as m0030 from './0030-tracking.ts';
import * as m0040 from './0040-report-rollups.ts';
import * as m0041 from './0041-invoices.ts';
import * as m0042 from './0042-export-jobs.ts';
import * as m0043 from './0043-report-rollups-by-publisher.ts';
import * as m0044 from './0044-report-rollup-queue.ts';
import * as m0045 from './0045-click-path-keys.ts';
import * as m0046 from './0046-click-batches.ts';
import * as m0047 from './0047-conversion-integrity.ts';
import * as m0048 from './0048-login-codes.ts';
import * as m0049 from './0049-revoked-sessions.ts';
import * as m0051 from './0051-postback-signing.ts';
import * as m0052 from './0052-api-keys.ts';
import * as m0053 from './0053-api-key-scopes.ts';
import * as m0060 from './0060-operators.ts';
import * as m0064 from './0064-unsigned-pixels.ts';
import * as m0067 from './0067-fair-delivery.ts';
import * as m0070 from './0070-revenue.ts';
import * as m0071 from './0071-notification-links.ts';
import * as m0072 from './0072-publisher-view-as.ts';
import * as m0073 from './0073-offer-visibility.ts';
import * as m0074 from './0074-notification-sends.ts';
import * as m0075 from './0075-reversals.ts';
import * as m0076 from './0076-network-figures.ts';
import * as m0080 from './0080-money.ts';
import * as m0087 from './0087-view-as-sessions.ts';
import * as m0090 from './0090-offer-access-decline.ts';
import * as m0096 from './0096-creative-file-tokens.ts';

/**
 * Every migration, in order. A static list (not a folder scan) so the bundled server carries them.
 * Add a file per change and a line here; never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-network': m0002,
  '0030-tracking': m0030,
  '0040-report-rollups': m0040,
  '0041-invoices': m0041,
  '0042-export-jobs': m0042,
  '0043-report-rollups-by-publisher': m0043,
  '0044-report-rollup-queue': m0044,
  '0045-click-path-keys': m0045,
  '0046-click-batches': m0046,
  '0047-conversion-integrity': m0047,
  '0048-login-codes': m0048,
  '0049-revoked-sessions': m0049,
  '0051-postback-signing': m0051,
  '0052-api-keys': m0052,
  '0053-api-key-scopes': m0053,
  '0060-operators': m0060,
  '0064-unsigned-pixels': m0064,
  '0067-fair-delivery': m0067,
  '0070-revenue': m0070,
  '0071-notification-links': m0071,
  '0072-publisher-view-as': m0072,
  '0073-offer-visibility': m0073,
  '0074-notification-sends': m0074,
  '0075-reversals': m0075,
  '0076-network-figures': m0076,
  '0080-money': m0080,
  '0087-view-as-sessions': m0087,
  '0090-offer-access-decline': m0090,
  '0096-creative-file-tokens': m0096,
};
