import { describe, expect, it } from 'vitest';
import { buildTrackingLink, checkTrackingUrl, firstFieldProblem, valueProblem } from './tracking-link.ts';

const base = 'https://trk.example/c/12/34';

describe('tracking link builder (docs/limits.md)', () => {
  it('is the base URL with s2 always present', () => {
    expect(buildTrackingLink(base, { cr: null, values: {} })).toBe(`${base}?s2=`);
  });

  it('adds cr only for a non-default landing page, then the filled variables in order', () => {
    expect(buildTrackingLink(base, { cr: 7, values: { s1: 'fb', pub_click_id: 'abc', s5: 'x' } })).toBe(
      `${base}?cr=7&pub_click_id=abc&s1=fb&s2=&s5=x`,
    );
    expect(buildTrackingLink(base, { cr: null, values: { pub_source: 'news', s2: 'two', s3: '' } })).toBe(
      `${base}?pub_source=news&s2=two`,
    );
  });

  it('percent-encodes values but keeps a traffic source placeholder as written', () => {
    expect(buildTrackingLink(base, { cr: null, values: { s1: 'a b&c=d', s3: '{clickid}' } })).toBe(
      `${base}?s1=a%20b%26c%3Dd&s2=&s3={clickid}`,
    );
  });

  it('trims values; white space alone is no value', () => {
    expect(buildTrackingLink(base, { cr: null, values: { s1: '  fb ', s4: '   ' } })).toBe(`${base}?s1=fb&s2=`);
  });
});

describe('builder field problems', () => {
  it('flags a placeholder that is not allowed, at its field, the first one only', () => {
    expect(valueProblem(' {foo} ')).toBe('Parameter not allowed: {foo}');
    expect(valueProblem('{tid}')).toBeNull();
    expect(valueProblem('plain {foo} text')).toBeNull();
    expect(valueProblem(undefined)).toBeNull();
    expect(firstFieldProblem({ s1: 'ok', s3: '{bar}', s4: '{foo}' })).toEqual({
      key: 's3',
      message: 'Parameter not allowed: {bar}',
    });
    expect(firstFieldProblem({ pub_click_id: '{click_id}', s1: '{x}' })?.key).toBe('pub_click_id');
    expect(firstFieldProblem({ s1: '{tid}' })).toBeNull();
  });
});

describe('tracking URL check (docs/errors.md)', () => {
  it('accepts a built link and allowed placeholders', () => {
    expect(checkTrackingUrl(`${base}?s1=fb&s2=`)).toBeNull();
    expect(checkTrackingUrl(`${base}?s1={tid}&s2={pub_click_id}`)).toBeNull();
  });

  it('names a placeholder that is not allowed', () => {
    expect(checkTrackingUrl(`${base}?s1={clickid}&s2=`)).toBe('Parameter not allowed: {clickid}');
    expect(checkTrackingUrl(`${base}?s2=&s3=%7Bfoo%7D`)).toBe('Parameter not allowed: {foo}');
  });

  it('refuses an unparsable URL', () => {
    expect(checkTrackingUrl('not a url')).toBe('Invalid URL format');
    expect(checkTrackingUrl('http://')).toBe('Invalid URL format');
    expect(checkTrackingUrl('javascript:alert(1)')).toBe('Invalid URL format');
    expect(checkTrackingUrl(`${base}?s1=%E0%A4%A`)).toBe('Invalid URL format');
  });
});
