import { describe, expect, it } from 'vitest';
import {
  generateCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
} from './totp.ts';

const SECRET = 'JBSWY3DPEHPK3PXP';
// RFC 6238-style fixed instants: 30-second steps.
const T = Date.UTC(2026, 0, 1, 12, 0, 15);
const STEP = Math.floor(T / 30_000);

describe('TOTP', () => {
  it('matches the current step and one step of drift either way, nothing further', () => {
    expect(matchingStep(SECRET, generateCode(SECRET, T), T)).toBe(STEP);
    expect(matchingStep(SECRET, generateCode(SECRET, T - 30_000), T)).toBe(STEP - 1);
    expect(matchingStep(SECRET, generateCode(SECRET, T + 30_000), T)).toBe(STEP + 1);
    const far = generateCode(SECRET, T - 90_000);
    if (![-1, 0, 1].some((d) => generateCode(SECRET, T + d * 30_000) === far))
      expect(matchingStep(SECRET, far, T)).toBeNull();
  });

  it('refuses anything that is not six digits', () => {
    const code = generateCode(SECRET, T);
    for (const bad of ['', code.slice(1), `${code}0`, ` ${code}`, 'abcdef', '12 456'])
      expect(matchingStep(SECRET, bad, T)).toBeNull();
  });

  it('knows the demo secret’s codes as any authenticator app would', () => {
    // Same algorithm as Google Authenticator: SHA1, 6 digits, 30 s.
    expect(generateCode(SECRET, 0)).toBe('282760');
    expect(generateCode(SECRET, 59_000)).toBe('996554');
  });

  it('makes 160-bit base32 secrets and an otpauth URI with issuer and label', () => {
    const s = newTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(s);
    const uri = new URL(otpauthUri(s, 'ada@example.test', 'Publisher Portal'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(s);
    expect(uri.searchParams.get('issuer')).toBe('Publisher Portal');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(decodeURIComponent(uri.pathname)).toBe('/Publisher Portal:ada@example.test');
  });
});

describe('recovery codes', () => {
  it('are ten distinct xxxx-xxxx codes from an unambiguous alphabet', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
  });

  it('normalise case, spaces and a missing dash to the shown form', () => {
    expect(normaliseRecoveryCode('  K3M9-X2QA ')).toBe('k3m9-x2qa');
    expect(normaliseRecoveryCode('k3m9x2qa')).toBe('k3m9-x2qa');
    expect(normaliseRecoveryCode('k3m9 x2qa')).toBe('k3m9-x2qa');
    expect(normaliseRecoveryCode('something-else')).toBe('something-else');
  });
});
