import { describe, expect, it } from 'vitest';
import { SIGNUP_FIELDS, SIGNUP_STEPS, type SignupRequest } from '@portal/shared';
import { clean, isWebsite, validateSignup } from './signup.validation.ts';

const valid: SignupRequest = {
  user_name_first: 'Ada',
  user_name_last: 'Lovelace',
  user_title: 'Founder',
  user_phone: '+44 20 7946 0000',
  user_email: 'ada@example.test',
  user_chat_platform: 'telegram',
  user_chat_platform_id: '@ada',
  user_password: 'analytical-engine',
  user_password_verify: 'analytical-engine',
  company_name: 'Engines Ltd',
  company_address_street_1: '12 Main St',
  company_address_street_2: null,
  company_address_city: 'Toronto',
  company_address_region: 'ON',
  company_address_postal_code: 'M5V 2T6',
  company_address_country: 'CA',
  company_website_url: null,
  company_phone: '+1 416 555 0100',
  company_tax_id: 'CA123',
};

describe('clean', () => {
  it('turns empty and blank values into null and trims the rest', () => {
    expect(clean(undefined)).toBeNull();
    expect(clean(null)).toBeNull();
    expect(clean('')).toBeNull();
    expect(clean(' \t\n')).toBeNull();
    expect(clean('  Ada ')).toBe('Ada');
  });
});

describe('isWebsite', () => {
  it('accepts hosts with or without http(s), refuses other schemes, credentials and bare words', () => {
    for (const ok of [
      'example.com',
      'www.example.co.uk',
      'https://example.com/x?y=1',
      'HTTP://EXAMPLE.COM',
      'sub-domain.example.io',
    ])
      expect(isWebsite(ok), ok).toBe(true);
    for (const bad of [
      'example',
      'localhost',
      'http://',
      'ftp://example.com',
      'https://u:p@example.com',
      'exa mple.com',
      'javascript:alert(1)',
      '-bad.example.com',
      'http://127.0.0.1',
    ]) {
      expect(isWebsite(bad), bad).toBe(false);
    }
  });
});

describe('validateSignup', () => {
  it('passes a complete payload and normalises values', () => {
    const { values, errors } = validateSignup(
      { ...valid, company_address_country: 'ca', user_email: '  ada@example.test ' },
      SIGNUP_FIELDS,
    );
    expect(errors).toEqual({});
    expect(values.company_address_country).toBe('CA');
    expect(values.user_email).toBe('ada@example.test');
    expect(values.company_address_street_2).toBeNull();
  });

  it('checks only the given fields', () => {
    const { errors } = validateSignup({ user_email: 'nope' }, ['user_email']);
    expect(errors).toEqual({ user_email: { code: '0x4010', message: 'Please enter a valid email' } });
    expect(validateSignup({}, SIGNUP_STEPS[1]!).errors).not.toHaveProperty('user_email');
    expect(Object.keys(validateSignup({}, SIGNUP_STEPS[0]!).errors).sort()).toEqual([...SIGNUP_STEPS[0]!].sort());
  });

  it('keeps passwords as typed (spaces are significant) and compares them exactly', () => {
    const { values, errors } = validateSignup(
      { ...valid, user_password: ' spaced pass ', user_password_verify: ' spaced pass ' },
      SIGNUP_FIELDS,
    );
    expect(errors).toEqual({});
    expect(values.user_password).toBe(' spaced pass ');
    const mismatch = validateSignup({ ...valid, user_password_verify: 'analytical-engine ' }, SIGNUP_FIELDS);
    expect(mismatch.errors).toEqual({ user_password_verify: { code: '0x4014', message: 'Passwords do not match' } });
  });

  it('reports one error per field, the first rule that fails', () => {
    const { errors } = validateSignup(
      { ...valid, user_password: 'x'.repeat(300), user_password_verify: 'y' },
      SIGNUP_FIELDS,
    );
    expect(errors['user_password']).toEqual({ code: '0x4010', message: 'Must be at most 256 characters.' });
    expect(errors['user_password_verify']?.code).toBe('0x4014');
  });

  it('requires a region only where the country has regions, and one of that country', () => {
    expect(validateSignup({ ...valid, company_address_region: null }, SIGNUP_FIELDS).errors).toEqual({
      company_address_region: { code: '0x4001', message: 'Please select a region' },
    });
    expect(
      validateSignup({ ...valid, company_address_region: 'NY' }, SIGNUP_FIELDS).errors['company_address_region']?.code,
    ).toBe('0x4010');
    expect(
      validateSignup({ ...valid, company_address_country: 'ZZ' }, SIGNUP_FIELDS).errors['company_address_country'],
    ).toEqual({
      code: '0x4010',
      message: 'Please select a country',
    });
    expect(
      validateSignup({ ...valid, company_address_country: 'CAN' }, SIGNUP_FIELDS).errors['company_address_country']
        ?.code,
    ).toBe('0x4010');
  });

  it('accepts chat platforms in any case and refuses others', () => {
    expect(validateSignup({ ...valid, user_chat_platform: 'WeChat' }, SIGNUP_FIELDS).errors).toEqual({});
    expect(
      validateSignup({ ...valid, user_chat_platform: 'msn' }, SIGNUP_FIELDS).errors['user_chat_platform']?.code,
    ).toBe('0x4010');
  });
});
