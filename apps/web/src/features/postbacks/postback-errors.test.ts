import { describe, expect, it } from 'vitest';
import { postbackFieldErrors, valueVariablesError } from './postback-errors.ts';

describe('postback field errors (docs/errors.md)', () => {
  it('maps the spec codes to its texts', () => {
    expect(
      postbackFieldErrors({
        postback_status: { code: '0x4013', message: 'x' },
        postback_type: { code: '0x4013', message: 'x' },
        postback_value: { code: '0x4010', message: 'x' },
      }),
    ).toEqual({
      postback_status: 'Select a postback status',
      postback_type: 'Select a postback type',
      postback_value: 'Incorrect url format',
    });
    expect(postbackFieldErrors({ postback_url: { code: '0x4010', message: 'x' } })).toEqual({
      postback_value: 'Incorrect url format',
    });
    expect(postbackFieldErrors({ postback_value: { code: '0x4011', message: 'Invalid URL variables' } })).toEqual({
      postback_value: 'Invalid URL variables',
    });
  });

  it("shows the server's own message for any other code", () => {
    expect(postbackFieldErrors({ postback_name: { code: '0x4001', message: 'Please enter a name' } })).toEqual({
      postback_name: 'Please enter a name',
    });
    expect(postbackFieldErrors({ postback_value: { code: '0x4011', message: 'Use at most 8192 characters' } })).toEqual(
      {
        postback_value: 'Use at most 8192 characters',
      },
    );
  });
});

describe('value whitelist check (docs/errors.md)', () => {
  it('names each variable outside the whitelist once', () => {
    expect(valueVariablesError('https://t.example/?a={tid}&b={foo}&c={bar}&d={foo}')).toBe(
      'Invalid URL variables: {foo}, {bar}',
    );
    expect(valueVariablesError('https://t.example/?a={tid}&p={conversion_earnings}&r={random}')).toBeNull();
    expect(valueVariablesError('<img src="https://px.example/?t={tid}&x={TID}">')).toBe('Invalid URL variables: {TID}');
  });
});
