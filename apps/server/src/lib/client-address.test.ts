import { describe, expect, it } from 'vitest';
import { throttleAddress } from './client-address.ts';

describe('throttleAddress', () => {
  it('keeps an IPv4 address, and the IPv4 form of a mapped one', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::1',
      '2001:db8:0:1::6',
      '2001:0db8:0000:0001:ffff:ffff:ffff:ffff',
      '2001:DB8:0:1:a:b:c:d',
      '2001:db8::1:1:2:3:4',
      '2001:db8:0:1::1%eth0',
      '2001:db8:0:1::1.2.3.4',
    ]) {
      expect(throttleAddress(ip), ip).toBe(key);
    }
    expect(throttleAddress('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('names a missing address', () => {
    expect(throttleAddress(undefined)).toBe('unknown');
    expect(throttleAddress('')).toBe('unknown');
  });
});
