import { describe, expect, it } from 'vitest';
import { inspectMacros, LANDING_MACROS, POSTBACK_MACROS, renderMacros, renderUrl, type MacroValues } from './macros.ts';

describe('macro substitution', () => {
  it('percent-encodes values and leaves unknown names as written', () => {
    expect(renderMacros('a={s1}&b={nope}&c={S2}', { s1: 'x y&z', s2: 'ü' }, POSTBACK_MACROS)).toBe(
      'a=x%20y%26z&b={nope}&c=%C3%BC',
    );
  });

  it('renders null and missing values as empty', () => {
    expect(renderMacros('{s1}|{s2}|{tid}', { s1: null }, POSTBACK_MACROS)).toBe('||');
  });

  it('never expands a value twice (docs/reliability.md B4)', () => {
    const out = renderMacros('https://r.example/?a={s1}&t={tid}', { s1: '{tid}', tid: 'T' }, POSTBACK_MACROS);
    expect(out).toBe('https://r.example/?a=%7Btid%7D&t=T');
  });

  it('keeps host and path whatever the values hold (docs/reliability.md B4)', () => {
    const evil = 'x&payout=999#@evil.test/../';
    const out = renderUrl(
      'https://r.example/pb/path?s={s1}&p={pub_source}',
      { s1: evil, pub_source: evil },
      POSTBACK_MACROS,
    )!;
    const u = new URL(out);
    expect(u.host).toBe('r.example');
    expect(u.pathname).toBe('/pb/path');
    expect(u.hash).toBe('');
    expect(u.searchParams.get('s')).toBe(evil);
    expect(u.searchParams.get('payout')).toBeNull();
  });

  it('refuses a result whose host moved (macro in the authority)', () => {
    expect(renderUrl('https://{s1}.example/x', { s1: 'evil.test' }, POSTBACK_MACROS)).toBeNull();
    expect(renderUrl('https://r.example{s1}/x', { s1: '@evil.test' }, POSTBACK_MACROS)).toBeNull();
  });

  it('only knows the landing-page macros of docs/tracking.md in landing URLs', () => {
    expect(
      renderMacros(
        '{tid}{offer_id}{pub_id}{pub_name}',
        { tid: 't', offer_id: 1, pub_id: 2, pub_name: 'n' },
        LANDING_MACROS,
      ),
    ).toBe('t12{pub_name}');
  });

  it('flags unknown and empty macros', () => {
    const r = inspectMacros('{tid}{s1}{bogus}{price}', { tid: 't', s1: '', price: null }, POSTBACK_MACROS);
    expect(r.unknown).toEqual(['bogus']);
    expect(r.empty.sort()).toEqual(['price', 's1']);
    expect(r.used.sort()).toEqual(['price', 's1', 'tid']);
  });
});

describe('compiled URL templates', () => {
  // What renderUrl must return: the rendered text parsed as a URL, with the template's host.
  const reference = (template: string, values: MacroValues, known: readonly string[]): string | null => {
    let url: URL;
    try {
      url = new URL(renderMacros(template, values, known));
    } catch {
      return null;
    }
    const host = new URL(template.replace(/\{([a-z0-9_]+)\}/gi, '')).host;
    return url.host === host ? url.toString() : null;
  };
  const templates = [
    'https://shop.example/landing?clickid={tid}&s1={s1}',
    'https://Shop.Example:443/a b/landing?x=1&clickid={TID}&s2={s2}#top',
    'http://shop.example/p?a={s1}{s2}&b={nope}&c={pub_source}&d=%zz',
    'https://shop.example/{s1}/path?t={tid}',
    'https://shop.example/p#frag={tid}',
    'https://{s1}.shop.example/?t={tid}',
    "https://shop.example/?q={s1}&q2='{s2}'",
  ];
  const samples: MacroValues[] = [
    { tid: 'T-1', s1: 'plain', s2: null, pub_source: undefined },
    { tid: "it's", s1: '..', s2: 'a b&c=d#e/f?g', pub_source: 'ü€😀' },
    { tid: '{s1}', s1: '%41%', s2: '\'"<>`', pub_source: '~!*()' },
  ];
  it('render exactly what parsing the rendered text gives, for every template and value', () => {
    for (const t of templates)
      for (const v of samples)
        expect(renderUrl(t, v, LANDING_MACROS), `${t} ${JSON.stringify(v)}`).toBe(reference(t, v, LANDING_MACROS));
  });
});
