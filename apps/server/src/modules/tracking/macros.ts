/**
 * Macro substitution for landing-page URLs and publisher postbacks (DESIGN.md §4, spec §5).
 * One pass over the template: a value is percent-encoded and never scanned again, so a sub ID
 * holding `{tid}` or `&x=1#@evil.test/` stays a literal value of its parameter.
 */

import { POSTBACK_MACROS } from '@portal/shared';

const SUB = ['s1', 's2', 's3', 's4', 's5'] as const;

/** The URL variables a publisher postback may use: the spec §5 whitelist the form and the save check use. */
export { POSTBACK_MACROS };

/** The macros a landing-page URL may carry (DESIGN.md §4). */
export const LANDING_MACROS = ['tid', 'offer_id', 'pub_id', ...SUB, 'pub_source', 'pub_click_id'] as const;

export type MacroValues = Record<string, string | number | null | undefined>;

const MACRO = /\{([a-z0-9_]+)\}/gi;

/**
 * Replaces each `{name}` the value map knows with its percent-encoded value (null/undefined: empty);
 * names it does not know are left as written.
 */
export function renderMacros(
  template: string,
  values: MacroValues,
  known: readonly string[],
  encode: (v: string) => string = encodeURIComponent,
): string {
  const allowed = new Set(known);
  return template.replace(MACRO, (whole, name: string) => {
    const key = name.toLowerCase();
    if (!allowed.has(key)) return whole;
    const v = values[key];
    return v == null ? '' : encode(String(v));
  });
}

/** The macro names a template uses, split into known ones with no value and unknown ones. */
export function inspectMacros(
  template: string,
  values: MacroValues,
  known: readonly string[],
): { used: string[]; unknown: string[]; empty: string[] } {
  const allowed = new Set(known);
  const used = new Set<string>();
  const unknown = new Set<string>();
  const empty = new Set<string>();
  for (const m of template.matchAll(MACRO)) {
    const key = m[1]!.toLowerCase();
    if (!allowed.has(key)) {
      unknown.add(m[1]!);
      continue;
    }
    used.add(key);
    const v = values[key];
    if (v == null || String(v) === '') empty.add(key);
  }
  return { used: [...used], unknown: [...unknown], empty: [...empty] };
}

/** The host a template names once its macros are removed; null when it is not an http(s) URL. */
function templateHost(template: string): string | null {
  const cached = hosts.get(template);
  if (cached !== undefined) return cached;
  let host: string | null;
  try {
    host = new URL(template.replace(MACRO, '')).host;
  } catch {
    host = null;
  }
  // Templates are few (landing pages, postbacks); every click renders one.
  if (hosts.size >= 10_000) hosts.clear();
  hosts.set(template, host);
  return host;
}
const hosts = new Map<string, string | null>();

/**
 * Renders a URL template and checks the result kept the template's scheme and host (a macro in the
 * authority part could otherwise steer the request elsewhere). Null when the result is not a URL
 * or its host moved.
 */
export function renderUrl(template: string, values: MacroValues, known: readonly string[]): string | null {
  const rendered = renderMacros(template, values, known);
  let url: URL;
  try {
    url = new URL(rendered);
  } catch {
    return null;
  }
  const host = templateHost(template);
  if (host === null || url.host !== host) return null;
  return url.toString();
}

const SECRET_PARAM = /(token|key|secret|pass|pwd|auth|sig|hash|api|session|credential)/i;

/** The URL as shown in delivery logs: userinfo and secret-looking query values replaced by `***`. */
export function maskUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.length > 2048 ? `${raw.slice(0, 2048)}…` : raw;
  }
  if (url.username) url.username = '***';
  if (url.password) url.password = '***';
  const parts = url.search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* keep as is */
      }
      return SECRET_PARAM.test(decoded) ? `${name}=***` : pair;
    });
  url.search = parts.length ? `?${parts.join('&')}` : '';
  return url.toString();
}
