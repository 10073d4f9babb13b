import type { AdminOffer, AdminOfferSaveRequest, CapScope } from '@portal/shared/admin/offers.schemas';
import type { ConversionMethod, OfferStatus } from '@portal/shared/constants';
import type {
  ConversionApproval,
  EventType,
  OfferVisibility,
  PayoutType,
} from '@portal/shared/offers/offers.constants';

/** The editor's values as typed (numbers as text until Save), one row per event and landing page. */
export interface OfferForm {
  name: string;
  advertiserId: string;
  status: OfferStatus;
  description: string;
  previewUrl: string;
  regions: string;
  /** Comma-separated, as typed. */
  tags: string;
  expiration: string;
  visibility: OfferVisibility;
  conversionMethod: ConversionMethod;
  dailyCap: string;
  monthlyCap: string;
  capScope: CapScope;
  approval: ConversionApproval;
  holdDays: string;
  minCtitSeconds: string;
  events: EventRow[];
  landingPages: LandingPageRow[];
}
export interface EventRow {
  key: string;
  id: number | null;
  name: string;
  eventType: EventType;
  payout: string;
  payoutType: PayoutType;
  revenue: string;
  revenueType: PayoutType;
}
export interface LandingPageRow {
  key: string;
  id: number | null;
  /** Empty: the server names a new page "Landing page N" and keeps a saved page's name. */
  name: string;
  url: string;
}

let seq = 0;
const key = () => `new-${++seq}`;
export const newEventRow = (name = ''): EventRow => ({
  key: key(),
  id: null,
  name,
  eventType: 'conversion',
  payout: '',
  payoutType: 'cpa',
  revenue: '',
  revenueType: 'cpa',
});
export const newLandingPageRow = (): LandingPageRow => ({ key: key(), id: null, name: '', url: '' });

export function formOf(o: AdminOffer | null): OfferForm {
  if (!o)
    return {
      name: '',
      advertiserId: '',
      status: 'active',
      description: '',
      previewUrl: '',
      regions: '',
      tags: '',
      expiration: '',
      visibility: 'public',
      conversionMethod: 'postback',
      dailyCap: '',
      monthlyCap: '',
      capScope: 'global',
      approval: 'auto',
      holdDays: '',
      minCtitSeconds: '0',
      events: [newEventRow('Conversion')],
      landingPages: [newLandingPageRow()],
    };
  return {
    name: o.name,
    advertiserId: String(o.advertiser_id),
    status: o.status,
    description: o.description,
    previewUrl: o.preview_url ?? '',
    regions: o.geos.join(', '),
    tags: o.tags.join(', '),
    expiration: o.expire_date ?? '',
    visibility: o.visibility,
    conversionMethod: o.conversion_method,
    dailyCap: o.daily_cap === null ? '' : String(o.daily_cap),
    monthlyCap: o.monthly_cap === null ? '' : String(o.monthly_cap),
    capScope: o.cap_scope,
    approval: o.conversion_approval,
    holdDays: o.hold_days === null ? '' : String(o.hold_days),
    minCtitSeconds: String(o.min_ctit_seconds),
    events: o.events.map((e) => ({
      key: `e${e.id}`,
      id: e.id,
      name: e.name,
      eventType: e.event_type,
      payout: String(e.payout),
      payoutType: e.payout_type,
      revenue: String(e.revenue),
      revenueType: e.revenue_type,
    })),
    landingPages: o.landing_pages.map((p) => ({ key: `p${p.id}`, id: p.id, name: p.name, url: p.url })),
  };
}

/** A number as typed: empty is 0 (or null for a cap); anything else not a number is sent as null, which the server names. */
const amount = (s: string) => (s.trim() === '' ? 0 : Number(s.trim()));
const cap = (s: string) => (s.trim() === '' ? null : Number(s.trim()));

export function requestOf(f: OfferForm): AdminOfferSaveRequest {
  return {
    name: f.name,
    advertiser_id: f.advertiserId ? Number(f.advertiserId) : null,
    status: f.status,
    description: f.description,
    preview_url: f.previewUrl.trim() || null,
    geos: f.regions.split(/[\s,;]+/).filter((g) => g !== ''),
    tags: f.tags
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
    expire_date: f.expiration || null,
    visibility: f.visibility,
    conversion_method: f.conversionMethod,
    daily_cap: cap(f.dailyCap),
    monthly_cap: cap(f.monthlyCap),
    cap_scope: f.capScope,
    conversion_approval: f.approval,
    ...(f.approval === 'hold' ? { hold_days: cap(f.holdDays) } : {}),
    min_ctit_seconds: amount(f.minCtitSeconds),
    events: f.events.map((e) => ({
      ...(e.id !== null ? { id: e.id } : {}),
      name: e.name,
      event_type: e.eventType,
      payout: amount(e.payout),
      payout_type: e.payoutType,
      revenue: amount(e.revenue),
      revenue_type: e.revenueType,
    })),
    landing_pages: f.landingPages.map((p) => ({
      ...(p.id !== null ? { id: p.id } : {}),
      ...(p.name.trim() ? { name: p.name.trim() } : {}),
      url: p.url,
    })),
  };
}
