/**
 * Macro substitution for landing-page URLs and publisher postbacks (docs/tracking.md, docs/errors.md).
 * One pass over the template: a value is percent-encoded and never scanned again, so a sub ID
 * holding `{tid}` or `&x=1#@evil.test/` stays a literal value of its parameter.
 */

import { POSTBACK_MACROS } from '@portal/shared';

const SUB = ['s1', 's2', 's3', 's4', 's5'] as const;

/** The URL variables a publisher postback may use: the docs/errors.md whitelist the form and the save check use. */
export { POSTBACK_MACROS };

/** The macros a landing-page URL may carry (docs/tracking.md). */
export const LANDING_MACROS = ['tid', 'offer_id', 'pub_id', ...SUB, 'pub_source', 'pub_click_id'] as const;

export type MacroValues = Record<string, string | number | null | undefined>;

const MACRO = /\{([a-z0-9_]+)\}/gi;

/** The Set of each list of known names, built once (the lists are module constants). */
const knownSets = new WeakMap<readonly string[], Set<string>>();
function knownSet(known: readonly string[]): Set<string> {
  let set = knownSets.get(known);
  if (!set) knownSets.set(known, (set = new Set(known)));
  return set;
}

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
  const allowed = knownSet(known);
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
  const compiled = compiledUrl(template, known);
  if (compiled) return compiled.render(values);
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

interface CompiledUrl {
  render(values: MacroValues): string;
}

const compiledUrls = new WeakMap<readonly string[], Map<string, CompiledUrl | null>>();

/**
 * The fast form of `renderUrl` for the usual template, whose macros all sit in the query string:
 * the template is parsed and normalised once, and a render joins its fixed parts with the encoded
 * values. Percent-encoded values cannot end the query or touch the scheme, host or path, and the
 * URL parser would leave them as they are but for `'`, which it encodes in the query of http(s)
 * URLs — so the result is exactly what parsing the rendered text gives. Null (use the slow form)
 * for anything else: macros in the path, fragment or authority, or a template that is not a URL.
 */
function compiledUrl(template: string, known: readonly string[]): CompiledUrl | null {
  let byTemplate = compiledUrls.get(known);
  if (!byTemplate) compiledUrls.set(known, (byTemplate = new Map()));
  let compiled = byTemplate.get(template);
  if (compiled === undefined) {
    compiled = compileUrl(template, knownSet(known));
    // Templates are few (landing pages, postbacks); every click renders one.
    if (byTemplate.size >= 10_000) byTemplate.clear();
    byTemplate.set(template, compiled);
  }
  return compiled;
}

const TOKEN = (i: number) => `zqmacro${i}qz`;

function compileUrl(template: string, allowed: Set<string>): CompiledUrl | null {
  if (template.includes('zqmacro')) return null;
  const names: string[] = [];
  const marked = template.replace(MACRO, (whole, name: string) => {
    const key = name.toLowerCase();
    if (!allowed.has(key)) return whole;
    names.push(key);
    return TOKEN(names.length - 1);
  });
  let url: URL;
  try {
    url = new URL(marked);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const outside = `${url.protocol}//${url.username}:${url.password}@${url.host}${url.pathname}${url.hash}`;
  if (outside.includes('zqmacro')) return null;
  const normalised = url.toString();
  const parts: string[] = [];
  let rest = normalised;
  for (let i = 0; i < names.length; i++) {
    const at = rest.indexOf(TOKEN(i));
    if (at < 0) return null;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + TOKEN(i).length);
  }
  parts.push(rest);
  return {
    render(values) {
      let out = parts[0]!;
      for (let i = 0; i < names.length; i++) {
        const v = values[names[i]!];
        if (v != null) out += encodeURIComponent(String(v)).replace(APOSTROPHE, '%27');
        out += parts[i + 1]!;
      }
      return out;
    },
  };
}
const APOSTROPHE = /'/g;
