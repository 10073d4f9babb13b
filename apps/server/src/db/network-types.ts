import type { ColumnType, Generated } from 'kysely';
import type { ConversionMethod, EventType, NotificationTargetDomain, PayoutType } from '@portal/shared';
import type { OfferVisibility } from '@portal/shared/offers/offers.constants';
import type { ConversionApproval } from './money-types.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** The network's catalogue and what publishers set up on it: advertisers, offers and their parts, postbacks, notifications. */
export interface AdvertisersTable {
  id: Generated<number>;
  name: string;
  status: Generated<'active' | 'inactive'>;
  api_token_hash: string;
  /** Key of the HMAC that lets a pixel carry a sale amount (kept in clear: the server computes it). */
  pixel_secret: string | null;
  created_at: CreatedAt;
  /** When the conversion API token / pixel secret was last replaced (migration 0074). */
  api_token_rotated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  pixel_secret_rotated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface OffersTable {
  id: Generated<number>;
  advertiser_id: number;
  name: string;
  description: Generated<string>;
  status: Generated<'active' | 'ready' | 'paused' | 'expired' | 'pending'>;
  preview_url: string | null;
  expire_date: string | null;
  geos: Generated<string[]>;
  tags: Generated<string[]>;
  payout: Generated<number>;
  payout_type: Generated<PayoutType>;
  daily_cap: number | null;
  monthly_cap: number | null;
  cap_scope: Generated<'global' | 'publisher'>;
  fallback_url: string | null;
  lookback_days: Generated<number>;
  /** Always `visibility === 'public'` (a trigger and a check of the table hold it). */
  is_public: Generated<boolean>;
  visibility: Generated<OfferVisibility>;
  conversion_method: Generated<ConversionMethod>;
  /** How its conversions arrive (migration 0080, docs/money.md). */
  conversion_approval: Generated<ConversionApproval>;
  /** Days a held conversion waits before it is approved; set exactly when `conversion_approval` is `hold`. */
  hold_days: number | null;
  /** A conversion sooner than this after its click is held (0: off). */
  min_ctit_seconds: Generated<number>;
  created_at: CreatedAt;
}

export interface OfferAccessRequestsTable {
  id: Generated<number>;
  offer_id: number;
  publisher_id: number;
  status: Generated<'pending' | 'approved' | 'declined'>;
  created_at: CreatedAt;
  decided_at: Date | null;
  /** Why an operator declined it, shown to the publisher. */
  decline_reason: string | null;
}

export interface CreativeFilesTable {
  creative_id: number;
  /** The unguessable part of the file's address (`/media/creatives/{token}`). */
  token: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: CreatedAt;
}

export interface PublisherOffersTable {
  /** Grants numbered as they are made. */
  id: Generated<number>;
  publisher_id: number;
  offer_id: number;
  created_at: CreatedAt;
}

export interface OfferEventsTable {
  id: Generated<number>;
  offer_id: number;
  name: string;
  event_type: Generated<EventType>;
  payout: Generated<number>;
  payout_type: Generated<PayoutType>;
  is_base: Generated<boolean>;
  /** What the advertiser pays for the event: an amount (`cpa`) or a percentage of the sale (`revshare`). */
  revenue: Generated<number>;
  revenue_type: Generated<PayoutType>;
}

export interface LandingPagesTable {
  id: Generated<number>;
  offer_id: number;
  name: string;
  url: string;
  is_default: Generated<boolean>;
}

export interface CreativesTable {
  id: Generated<number>;
  offer_id: number;
  name: string;
  type: 'image' | 'video' | 'audio' | 'link' | 'flash' | 'text' | 'html';
  url: string;
  created_at: CreatedAt;
}

export interface PostbacksTable {
  id: Generated<number>;
  publisher_id: number;
  name: string;
  offer_id: number | null;
  event_id: number | null;
  event_type: EventType | null;
  type: 'postback' | 'pixel';
  status: Generated<'active' | 'inactive'>;
  value: string;
  /** Told of every status change of a conversion, not only its approval (migration 0080). */
  send_on_status_change: Generated<boolean>;
  failing_since: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Generated<Timestamp>;
}

export interface NotificationsTable {
  id: Generated<number>;
  publisher_id: number;
  summary: string;
  description: Generated<string>;
  urgent: Generated<boolean>;
  is_read: Generated<boolean>;
  context_domain: NotificationTargetDomain | null;
  context_id: number | null;
  kind: Generated<string>;
  dedup_key: string | null;
  sent_at: Generated<Timestamp>;
  /** The operator's send this copy belongs to (migration 0074); null for automatic notices. */
  send_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One notice an operator sent, grouping its per-publisher copies (migration 0074). */
export interface NotificationSendsTable {
  id: Generated<number>;
  summary: string;
  description: Generated<string>;
  urgent: Generated<boolean>;
  audience: 'all' | 'chosen';
  recipients: Generated<number>;
  operator_id: number | null;
  actor: string;
  sent_at: Timestamp;
}

export interface NetworkTables {
  advertisers: AdvertisersTable;
  offers: OffersTable;
  publisher_offers: PublisherOffersTable;
  offer_events: OfferEventsTable;
  landing_pages: LandingPagesTable;
  creatives: CreativesTable;
  creative_files: CreativeFilesTable;
  offer_access_requests: OfferAccessRequestsTable;
  postbacks: PostbacksTable;
  notifications: NotificationsTable;
  notification_sends: NotificationSendsTable;
}
