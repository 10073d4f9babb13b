import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-classifier.ts';
import { precheckUrl } from './ssrf-guard.ts';

/** Host names as WHATWG URL normalises them, which is what the connector receives. */
const hostOf = (u: string) => new URL(u).hostname;

describe('address classifier', () => {
  it.each([
    '127.0.0.1',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    'ff02::1',
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    '::a00:1',
    '64:ff9b:1::a00:1',
  ])('refuses %s', (ip) => {
    expect(classifyAddress(ip).ok).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (ip) => {
    expect(classifyAddress(ip).ok).toBe(true);
  });

  it('refuses numeric spellings once normalised by WHATWG URL (docs/reliability.md B1)', () => {
    for (const u of [
      'http://2130706433/',
      'http://017700000001/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://0/',
      'http://[::ffff:127.0.0.1]/',
      'http://u:p@127.0.0.1/',
    ]) {
      const host = hostOf(u);
      expect(classifyAddress(host).ok, `${u} -> ${host}`).toBe(false);
    }
  });

  it('never treats a non-canonical literal as an address', () => {
    expect(classifyAddress('127.1').range).toBe('invalid');
    expect(classifyAddress('0x7f.1').range).toBe('invalid');
    expect(classifyAddress('1.2.3').ok).toBe(false);
  });

  it('refuses other schemes and loops to our own hosts before connecting', () => {
    expect(() => precheckUrl('file:///etc/passwd', { ownHosts: [] })).toThrow(/Only http/);
    expect(() => precheckUrl('gopher://127.0.0.1:70/', { ownHosts: [] })).toThrow(/Only http/);
    expect(() => precheckUrl('http://track.example/postback?x=1', { ownHosts: ['track.example'] })).toThrow(/itself/);
    expect(() => precheckUrl('https://track.example:443/x', { ownHosts: ['track.example:443'] })).toThrow(/itself/);
    expect(() => precheckUrl('http://track.example./postback', { ownHosts: ['track.example'] })).toThrow(/itself/);
    expect(() => precheckUrl('http://TRACK.example../postback', { ownHosts: ['track.example'] })).toThrow(/itself/);
    expect(precheckUrl('https://r.example/x', { ownHosts: ['track.example'] }).host).toBe('r.example');
  });
});
