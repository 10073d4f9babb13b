import { TRACKING_LINK_VARIABLES } from '@portal/shared/offers/offers.constants';
import { isPostbackMacro } from '@portal/shared/postbacks/postback-macros';

export type TrackingVariable = (typeof TRACKING_LINK_VARIABLES)[number]['key'];
export type TrackingValues = Partial<Record<TrackingVariable, string>>;

/** The landing page choice that sends no `cr`: the offer's default page, whichever it is then. */
export const ALWAYS_USE_DEFAULT = 'default';

/**
 * A query value as a tracking link carries it: percent-encoded, except the braces of a
 * `{placeholder}`, which a traffic source must find as written to fill it in.
 */
const encodeValue = (v: string) => encodeURIComponent(v).replace(/%7B/gi, '{').replace(/%7D/gi, '}');

/**
 * docs/limits.md tracking link builder: `cr` only for a landing page other than the default, then the
 * variables that have a value in their order (Click ID, Source ID, Sub ID 1–5), with `s2` always
 * present, even empty.
 */
export function buildTrackingLink(baseUrl: string, opts: { cr: number | null; values: TrackingValues }): string {
  const parts: string[] = [];
  if (opts.cr !== null) parts.push(`cr=${opts.cr}`);
  for (const { key } of TRACKING_LINK_VARIABLES) {
    const v = (opts.values[key] ?? '').trim();
    if (v !== '' || key === 's2') parts.push(`${key}=${encodeValue(v)}`);
  }
  return parts.length ? `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}${parts.join('&')}` : baseUrl;
}

/**
 * docs/errors.md tracking-URL check: an unparsable URL is 'Invalid URL format'; a query value wrapped in
 * braces that is not an allowed placeholder is 'Parameter not allowed: {value}'. The allowed
 * placeholders are the URL variables of docs/errors.md (the only list the spec gives). Null when fine.
 */
export function checkTrackingUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Invalid URL format';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Invalid URL format';
  const rawQuery = parsed.search.replace(/^\?/, '');
  for (const pair of rawQuery ? rawQuery.split('&') : []) {
    const raw = pair.slice(pair.indexOf('=') + 1);
    let value: string;
    try {
      value = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      return 'Invalid URL format';
    }
    const m = /^\{([^{}]*)\}$/.exec(value);
    if (m && !isPostbackMacro(m[1]!)) return `Parameter not allowed: ${value}`;
  }
  return null;
}

/**
 * A builder field's own problem: a value written as a `{placeholder}` that is not an allowed one is
 * 'Parameter not allowed: {value}' (the check above, at the field that holds it). Null when fine.
 */
export function valueProblem(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  const m = /^\{([^{}]*)\}$/.exec(v);
  return m && !isPostbackMacro(m[1]!) ? `Parameter not allowed: ${v}` : null;
}

/** The first field with a problem, in the builder's order: errors show one at a time. */
export function firstFieldProblem(values: TrackingValues): { key: TrackingVariable; message: string } | null {
  for (const { key } of TRACKING_LINK_VARIABLES) {
    const message = valueProblem(values[key]);
    if (message) return { key, message };
  }
  return null;
}
