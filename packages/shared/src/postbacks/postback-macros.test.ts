import { describe, expect, it } from 'vitest';
import {
  POSTBACK_MACROS,
  checkPostbackValue,
  decodePostbackValue,
  encodePostbackValue,
  findMacros,
  isPostbackUrl,
  unknownMacros,
} from './postback-macros.ts';
import { validatePostbackForm } from './postbacks.schemas.ts';
import { decodeCursor, encodeCursor } from '../common/list.ts';

describe('postback URL variables (docs/errors.md whitelist)', () => {
  it('holds exactly the spec list', () => {
    const expected = [
      'pub_id',
      'pub_name',
      'pub_s1',
      'pub_s2',
      'pub_s3',
      'pub_s4',
      'pub_s5',
      's1',
      's2',
      's3',
      's4',
      's5',
      'pub_source',
      'pub_click_id',
      'adv_transaction_id',
      'tid',
      'adv_s1',
      'adv_s2',
      'adv_s3',
      'adv_s4',
      'adv_s5',
      'offer_id',
      'offer_name',
      'event_id',
      'eid',
      'session_id',
      'conversion_id',
      'conversion_datetime',
      'conversion_date',
      'conversion_time',
      'conversion_earnings',
      'conversion_status',
      'status_reason',
      'price',
      'random',
    ];
    expect([...POSTBACK_MACROS].sort()).toEqual(expected.sort());
  });

  it('accepts every whitelisted variable', () => {
    const url = `https://t.example/pb?${POSTBACK_MACROS.map((m) => `${m}={${m}}`).join('&')}`;
    expect(unknownMacros(url)).toEqual([]);
    expect(checkPostbackValue(url, 'postback')).toBeNull();
  });

  it('flags variables outside the whitelist, each once', () => {
    expect(unknownMacros('https://t.example/?a={payout}&b={payout}&c={tid}&d={S1}&e={}')).toEqual(['payout', 'S1', '']);
    expect(unknownMacros('https://t.example/?a={ tid }')).toEqual([' tid ']);
    expect(checkPostbackValue('https://t.example/?x={clickid}', 'postback')).toBe('variables');
    expect(checkPostbackValue('<img src="https://t.example/?x={clickid}">', 'pixel')).toBe('variables');
    expect(checkPostbackValue('<img src="https://t.example/?x={tid}">', 'pixel')).toBeNull();
  });

  it('finds variables in order, duplicates kept, braces not nested', () => {
    expect(findMacros('{a}{b}{a}{{c}}')).toEqual(['a', 'b', 'a', 'c']);
  });

  it('requires an absolute http(s) URL for postbacks, with no variable in the host', () => {
    expect(isPostbackUrl('https://tracker.example/pb?cid={pub_click_id}')).toBe(true);
    expect(isPostbackUrl('http://tracker.example:8080/pb')).toBe(true);
    for (const bad of [
      'tracker.example/pb',
      'ftp://tracker.example/pb',
      'javascript:alert(1)',
      'https:tracker.example',
      'https://{pub_id}.example/pb',
      'https://tracker.example/p b',
      'not a url',
      'file:///etc/passwd',
      'gopher://x.example/',
      '',
    ]) {
      expect(isPostbackUrl(bad), bad).toBe(false);
    }
    expect(checkPostbackValue('tracker.example/pb?x={tid}', 'postback')).toBe('format');
    // A pixel is HTML, not a URL.
    expect(checkPostbackValue('<iframe src="https://x.example"></iframe>', 'pixel')).toBeNull();
  });
});

describe('postback values sent base64-encoded', () => {
  it('decodes base64 of printable UTF-8 and leaves plain values alone', () => {
    const url = 'https://t.example/pb?cid={pub_click_id}&n=café';
    expect(decodePostbackValue(encodePostbackValue(url))).toBe(url);
    const html = '<img src="https://t.example/p.gif?t={tid}" />\n';
    expect(decodePostbackValue(encodePostbackValue(html))).toBe(html);
    expect(decodePostbackValue(url)).toBe(url);
    expect(decodePostbackValue(html)).toBe(html);
  });

  it('takes as plain text what is base64-shaped but not printable UTF-8, or not valid base64', () => {
    expect(decodePostbackValue('test')).toBe('test'); // decodes to bytes that are not UTF-8
    expect(decodePostbackValue('AAAA')).toBe('AAAA'); // NUL bytes
    expect(decodePostbackValue('abc')).toBe('abc'); // too short
    expect(decodePostbackValue('aGVsbG8')).toBe('aGVsbG8'); // unpadded
    expect(decodePostbackValue('aGVsbG9=')).toBe('aGVsbG9='); // non-zero trailing bits
    expect(decodePostbackValue('aGVsbG8=')).toBe('hello');
  });
});

describe('validatePostbackForm', () => {
  it('answers the docs/errors.md codes per field', () => {
    const { errors, value } = validatePostbackForm({});
    expect(value).toBeNull();
    expect(errors).toEqual({
      postback_name: { code: '0x4001', message: 'Please enter a name' },
      postback_status: { code: '0x4013', message: 'Select a postback status' },
      postback_type: { code: '0x4013', message: 'Select a postback type' },
      postback_value: { code: '0x4001', message: 'Please enter a value' },
    });
    expect(
      validatePostbackForm({ postback_type: 'postback', postback_value: 'nope' }).errors['postback_value'],
    ).toEqual({
      code: '0x4010',
      message: 'Incorrect url format',
    });
    expect(
      validatePostbackForm({ postback_type: 'postback', postback_value: 'https://x.example/?a={bad}' }).errors[
        'postback_value'
      ],
    ).toEqual({
      code: '0x4011',
      message: 'Invalid URL variables',
    });
    expect(validatePostbackForm({ postback_event_type: 'sale' }).errors['postback_event_type']?.code).toBe('0x4010');
  });

  it('normalises a valid form', () => {
    const r = validatePostbackForm({
      postback_name: '  Main ',
      postback_status: 'active',
      postback_type: 'postback',
      postback_value: ' https://x.example/?a={tid} ',
      postback_event_type: '',
    });
    expect(r.errors).toEqual({});
    expect(r.value).toEqual({
      postback_name: 'Main',
      postback_status: 'active',
      postback_type: 'postback',
      postback_value: 'https://x.example/?a={tid}',
      postback_event_type: null,
    });
  });
});

describe('keyset cursors', () => {
  it('round-trips and refuses cursors for another sort, order or arity, and garbage', () => {
    const c = encodeCursor({ sort: 'name', order: 1, values: ['zoë', 42] });
    expect(decodeCursor(c, { sort: 'name', order: 1, arity: 2 })).toEqual(['zoë', 42]);
    expect(decodeCursor(c, { sort: 'payout', order: 1, arity: 2 })).toBeNull();
    expect(decodeCursor(c, { sort: 'name', order: -1, arity: 2 })).toBeNull();
    expect(decodeCursor(c, { sort: 'name', order: 1, arity: 1 })).toBeNull();
    for (const bad of ['', '!!!', 'bm90IGpzb24', 'W10', `${c}x`]) {
      expect(decodeCursor(bad, { sort: 'name', order: 1, arity: 2 }), bad).toBeNull();
    }
  });
});

describe('calendar days', () => {
  it('accepts real days of sensible years only', async () => {
    const { calendarDaySchema } = await import('../common/list.ts');
    expect(calendarDaySchema.safeParse('2026-02-28').success).toBe(true);
    for (const bad of ['2026-02-29', '0000-01-01', '10000-01-01', '2026-1-01', '1899-12-31', 'today']) {
      expect(calendarDaySchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
