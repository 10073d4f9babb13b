import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_LIMITS, SIGNUP_STEPS } from '@portal/shared';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, signupPayload, type PublisherFixture } from '../helpers/factories.ts';

const STEP1 = SIGNUP_STEPS[0]!;
const STEP2 = SIGNUP_STEPS[1]!;

const pick = (body: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [f, body[f]]));

const MISSING_MESSAGES: Record<string, string> = {
  user_name_first: 'Please enter your first name',
  user_name_last: 'Please enter your last name',
  user_title: 'Please enter your job title',
  user_phone: 'Please enter your work phone',
  user_email: 'Please enter your email address',
  user_chat_platform: 'Please select chat platform',
  user_chat_platform_id: 'Please enter chat user ID',
  user_password: 'Please enter a password',
  user_password_verify: 'Please confirm your password',
  company_name: 'Please enter a company name',
  company_address_street_1: 'Please enter a street address',
  company_address_city: 'Please enter a city',
  company_address_postal_code: 'Please enter a postal code',
  company_address_country: 'Please select a country',
  company_phone: 'Please enter a company phone',
  company_tax_id: 'Please enter a company tax ID',
};

describe('POST /publisher/sign-up', () => {
  let t: TestApp;
  let existing: PublisherFixture;
  let countBefore: () => Promise<{ users: number; publishers: number }>;

  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_DAILY_LIMIT: '1000', TRUST_PROXY: '127.0.0.1' });
    // These checks ask about dozens of e-mail addresses: each call comes from a client address of
    // its own, as the per-address budgets of the e-mail check are tested in quotas/sign-up-checks.
    const post = t.post;
    let address = 0;
    t.post = (p, body, opts = {}) =>
      post(p, body, { ...opts, headers: { 'x-forwarded-for': `203.0.113.${(address++ % 254) + 1}`, ...opts.headers } });
    existing = await createPublisher(t);
    await t.app.ctx.db
      .updateTable('publishers')
      .set({ referral_code: 'refcode01' })
      .where('id', '=', existing.publisherId)
      .execute();
    countBefore = async () => {
      const u = await t.app.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const p = await t.app.ctx.db
        .selectFrom('publishers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { users: Number(u.n), publishers: Number(p.n) };
    };
  });
  afterAll(() => t.close());

  describe('speculative step checks: only the fields sent', () => {
    it('a valid first step answers success and stores nothing', async () => {
      const before = await countBefore();
      const r = await t.post('/publisher/sign-up', { ...pick(signupPayload(), STEP1), speculative: true });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true, speculative: true });
      expect(await countBefore()).toEqual(before);
    });

    it('an empty first step lists every required step-1 field with 0x4001 and its message, nothing of step 2', async () => {
      const empty = Object.fromEntries(STEP1.map((f) => [f, '']));
      const r = await t.post('/publisher/sign-up', { ...empty, speculative: true });
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('0x4220');
      const expected = Object.fromEntries(STEP1.map((f) => [f, { code: '0x4001', message: MISSING_MESSAGES[f] }]));
      expect(r.body.errors).toEqual(expected);
    });

    it('an empty second step lists step-2 fields only; unit number and website are optional', async () => {
      const empty = Object.fromEntries(STEP2.map((f) => [f, null]));
      const r = await t.post('/publisher/sign-up', { ...empty, speculative: true });
      expect(r.status).toBe(422);
      const expected = Object.fromEntries(
        STEP2.filter(
          (f) => f !== 'company_address_street_2' && f !== 'company_website_url' && f !== 'company_address_region',
        ).map((f) => [f, { code: '0x4001', message: MISSING_MESSAGES[f] }]),
      );
      expect(r.body.errors).toEqual(expected);
      const ok = await t.post('/publisher/sign-up', { ...pick(signupPayload(), STEP2), speculative: true });
      expect(ok.status).toBe(200);
    });

    it('a body with only the speculative flag checks the first step', async () => {
      const r = await t.post('/publisher/sign-up', { speculative: true });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.errors).sort()).toEqual([...STEP1].sort());
    });

    it('one field sent, one field checked', async () => {
      const r = await t.post('/publisher/sign-up', { user_email: 'not-an-email', speculative: true });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ user_email: { code: '0x4010', message: 'Please enter a valid email' } });
      const ok = await t.post('/publisher/sign-up', { company_phone: '123', speculative: true });
      expect(ok.status).toBe(200);
    });

    it("an e-mail that already has an account answers 0x4015 'Email already exists', in any case", async () => {
      for (const email of [existing.email, existing.email.toUpperCase(), `  ${existing.email} `]) {
        const r = await t.post('/publisher/sign-up', { user_email: email, speculative: true });
        expect(r.status).toBe(422);
        expect(r.body.errors).toEqual({ user_email: { code: '0x4015', message: 'Email already exists' } });
      }
    });
  });

  describe('field codes of docs/errors.md', () => {
    const check = async (overrides: Record<string, unknown>, field: string, code: string, message?: string) => {
      const r = await t.post('/publisher/sign-up', {
        ...pick(signupPayload(overrides), [...STEP1, ...STEP2]),
        speculative: true,
      });
      expect(r.status, JSON.stringify(overrides)).toBe(422);
      expect(Object.keys(r.body.errors), JSON.stringify(overrides)).toEqual([field]);
      expect(r.body.errors[field].code).toBe(code);
      if (message) expect(r.body.errors[field].message).toBe(message);
    };

    it('e-mail: 0x4001 missing, 0x4010 malformed', async () => {
      await check({ user_email: '' }, 'user_email', '0x4001', 'Please enter your email address');
      for (const bad of ['plain', 'a@b', 'a b@c.de', '@example.test', 'a@@example.test']) {
        await check({ user_email: bad }, 'user_email', '0x4010', 'Please enter a valid email');
      }
    });

    it("password: 0x4011 'Password must be at least 8 characters'; verify: 0x4014 'Passwords do not match'", async () => {
      await check(
        { user_password: 'short', user_password_verify: 'short' },
        'user_password',
        '0x4011',
        'Password must be at least 8 characters',
      );
      await check(
        { user_password_verify: 'something-else' },
        'user_password_verify',
        '0x4014',
        'Passwords do not match',
      );
      await check({ user_password_verify: '' }, 'user_password_verify', '0x4001', 'Please confirm your password');
    });

    it('website: 0x4010 \'Please enter a valid URL (e.g., "example.com")\'; bare hosts and http(s) URLs pass', async () => {
      for (const bad of [
        'not a url',
        'http://',
        'ftp://example.com',
        'localhost',
        'https://user:pw@example.com',
        'javascript:alert(1)',
      ]) {
        await check(
          { company_website_url: bad },
          'company_website_url',
          '0x4010',
          'Please enter a valid URL (e.g., "example.com")',
        );
      }
      for (const good of ['example.com', 'https://www.example.com/path?q=1', 'http://sub.example.co.uk']) {
        const r = await t.post('/publisher/sign-up', { company_website_url: good, speculative: true });
        expect(r.status, good).toBe(200);
      }
    });

    it('chat platform: one of skype, telegram, wechat, whatsapp (any case)', async () => {
      await check({ user_chat_platform: 'icq' }, 'user_chat_platform', '0x4010');
      const r = await t.post('/publisher/sign-up', { user_chat_platform: 'WhatsApp', speculative: true });
      expect(r.status).toBe(200);
    });

    it('country and region: ISO codes; a region is needed where the country has regions and must belong to it', async () => {
      await check({ company_address_country: 'XX' }, 'company_address_country', '0x4010', 'Please select a country');
      await check({ company_address_region: null }, 'company_address_region', '0x4001', 'Please select a region');
      await check({ company_address_region: 'CA' }, 'company_address_region', '0x4010', 'Please select a region');
      await check({ company_address_country: 'US', company_address_region: 'ON' }, 'company_address_region', '0x4010');
      const lower = await t.post('/publisher/sign-up', {
        company_address_country: 'us',
        company_address_region: 'NY',
        speculative: true,
      });
      expect(lower.status).toBe(200);
    });

    it('every length limit of docs/errors.md answers 0x4010 one character past it', async () => {
      const limits: [string, number][] = [
        ['user_name_first', 64],
        ['user_name_last', 64],
        ['user_title', 64],
        ['user_phone', 32],
        ['user_chat_platform_id', 256],
        ['company_name', 256],
        ['company_address_street_1', 128],
        ['company_address_street_2', 128],
        ['company_address_city', 256],
        ['company_address_postal_code', 16],
        ['company_phone', 32],
        ['company_tax_id', 64],
      ];
      for (const [field, limit] of limits) {
        expect(SIGNUP_LIMITS[field as keyof typeof SIGNUP_LIMITS]).toBe(limit);
        const ok = await t.post('/publisher/sign-up', { [field]: 'x'.repeat(limit), speculative: true });
        expect(ok.status, `${field} at ${limit}`).toBe(200);
        await check({ [field]: 'x'.repeat(limit + 1) }, field, '0x4010', `Must be at most ${limit} characters.`);
      }
      await check({ user_email: `${'a'.repeat(250)}@example.test` }, 'user_email', '0x4010');
      const long = 'p'.repeat(257);
      const r = await t.post('/publisher/sign-up', {
        user_password: long,
        user_password_verify: long,
        speculative: true,
      });
      expect(r.status).toBe(422);
      expect(r.body.errors.user_password.code).toBe('0x4010');
      expect(r.body.errors.user_password_verify.code).toBe('0x4010');
    });

    it('wrong types, unknown fields and huge strings are 422, never 500', async () => {
      for (const body of [
        { user_email: 42, speculative: true },
        { user_name_first: ['Ada'], speculative: true },
        { speculative: 'yes' },
        { user_business_unit_id: { id: 1 } },
        { user_email: 'a@example.test', is_admin: true, speculative: true },
        { user_name_first: 'x'.repeat(200_000), speculative: true },
      ]) {
        const r = await t.post('/publisher/sign-up', body);
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
        expect(r.body.error.code).toBe('0x4220');
      }
    });
  });

  describe('final step', () => {
    it('creates a user and a publisher pending approval, with empty values stored as null', async () => {
      const body = signupPayload({
        user_email: `  Mixed.Case-${crypto.randomBytes(3).toString('hex')}@Example.test `,
        user_chat_platform: 'Skype',
        company_address_street_2: '   ',
        company_website_url: '',
        company_address_country: 'ca',
      });
      const r = await t.post('/publisher/sign-up', body);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true, speculative: false });
      const email = (body.user_email as string).trim();
      const user = await t.app.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        firstname: 'Ada',
        lastname: 'Lovelace',
        title: 'Founder',
        chat_platform: 'skype',
        chat_platform_id: '@ada',
        totp_enabled: false,
      });
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(user.password_hash).not.toContain('analytical-engine');
      const pub = await t.app.ctx.db
        .selectFrom('publishers')
        .innerJoin('publisher_users', 'publisher_users.publisher_id', 'publishers.id')
        .selectAll('publishers')
        .where('publisher_users.user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(pub).toMatchObject({
        name: 'Engines Ltd',
        status: 'pending',
        address_street_2: null,
        website_url: null,
        address_country: 'CA',
        address_region: 'ON',
        referrer_publisher_id: null,
        business_unit_id: null,
        approved_at: null,
      });
      expect(pub.referral_code).toMatch(/^[a-z0-9]{8}$/);
      // New publishers start pending: login says so.
      const login = await t.post('/user/authenticate', { user_name: email, password: 'analytical-engine' });
      expect(login.status).toBe(403);
      expect(login.body.error.code).toBe('0x4101');
      const mail = await eventually(() => t.outbox().find((m) => m.to.toLowerCase() === email.toLowerCase()));
      expect(mail.subject).toBe('Thank you for signing up');
      expect(mail.text).toContain('pending approval');
    });

    it('the final step checks every field, whatever was sent', async () => {
      const before = await countBefore();
      const r = await t.post('/publisher/sign-up', { ...pick(signupPayload(), STEP1), speculative: false });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.errors).sort()).toEqual(
        [
          'company_name',
          'company_address_street_1',
          'company_address_city',
          'company_address_postal_code',
          'company_address_country',
          'company_phone',
          'company_tax_id',
        ].sort(),
      );
      const noFlag = await t.post('/publisher/sign-up', pick(signupPayload(), STEP1));
      expect(noFlag.status).toBe(422);
      expect(await countBefore()).toEqual(before);
    });

    it('records the referrer from the referral code; an unknown code is ignored', async () => {
      const body = signupPayload({ user_referrer_account_id: 'refcode01' });
      expect((await t.post('/publisher/sign-up', body)).status).toBe(200);
      const row = await t.app.ctx.db
        .selectFrom('users')
        .innerJoin('publisher_users', 'publisher_users.user_id', 'users.id')
        .innerJoin('publishers', 'publishers.id', 'publisher_users.publisher_id')
        .select('publishers.referrer_publisher_id')
        .where('users.email', '=', body.user_email as string)
        .executeTakeFirstOrThrow();
      expect(row.referrer_publisher_id).toBe(existing.publisherId);

      const unknown = signupPayload({ user_referrer_account_id: 'no-such-code' });
      expect((await t.post('/publisher/sign-up', unknown)).status).toBe(200);
      const row2 = await t.app.ctx.db
        .selectFrom('users')
        .innerJoin('publisher_users', 'publisher_users.user_id', 'users.id')
        .innerJoin('publishers', 'publishers.id', 'publisher_users.publisher_id')
        .select('publishers.referrer_publisher_id')
        .where('users.email', '=', unknown.user_email as string)
        .executeTakeFirstOrThrow();
      expect(row2.referrer_publisher_id).toBeNull();
    });

    it('records the business unit; a three-step unit needs the terms accepted', async () => {
      const units = await t.app.ctx.db
        .insertInto('business_units')
        .values([
          { domain: 'plain.test', name: 'Plain', brand: null, three_step_signup: false },
          { domain: 'terms.test', name: 'Terms', brand: 'terms', three_step_signup: true },
        ])
        .returning(['id', 'domain'])
        .execute();
      const plain = units.find((u) => u.domain === 'plain.test')!.id;
      const terms = units.find((u) => u.domain === 'terms.test')!.id;

      const a = signupPayload({ user_business_unit_id: plain });
      expect((await t.post('/publisher/sign-up', a)).status).toBe(200);
      const b = signupPayload({ user_business_unit_id: String(terms) });
      const refused = await t.post('/publisher/sign-up', b);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        terms_accepted: { code: '0x4001', message: 'Please accept the Terms and Conditions' },
      });
      expect((await t.post('/publisher/sign-up', { ...b, terms_accepted: true })).status).toBe(200);
      const c = signupPayload({ user_business_unit_id: 987_654 });
      expect((await t.post('/publisher/sign-up', c)).status).toBe(200);

      const rows = await t.app.ctx.db
        .selectFrom('users')
        .innerJoin('publisher_users', 'publisher_users.user_id', 'users.id')
        .innerJoin('publishers', 'publishers.id', 'publisher_users.publisher_id')
        .select(['users.email', 'publishers.business_unit_id'])
        .where('users.email', 'in', [a.user_email as string, b.user_email as string, c.user_email as string])
        .execute();
      const byEmail = Object.fromEntries(rows.map((r) => [r.email, r.business_unit_id]));
      expect(byEmail).toEqual({
        [a.user_email as string]: plain,
        [b.user_email as string]: terms,
        [c.user_email as string]: null,
      });
    });

    it('an e-mail that already has an account answers the same 200, creates nothing and tells the owner', async () => {
      const before = await countBefore();
      const r = await t.post('/publisher/sign-up', signupPayload({ user_email: existing.email.toUpperCase() }));
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true, speculative: false });
      expect(await countBefore()).toEqual(before);
      const mail = await eventually(() => t.outbox().find((m) => m.to.toLowerCase() === existing.email.toLowerCase()));
      expect(mail.subject).toBe('Someone tried to sign up with your e-mail address');
      // The owner's password is untouched.
      const login = await t.post('/user/authenticate', { user_name: existing.email, password: existing.password });
      expect(login.status).toBe(200);
    });
  });

  it('the same new e-mail signed up twice at once makes one account, and both callers get the same answer', async () => {
    const email = `twice-${crypto.randomBytes(3).toString('hex')}@example.test`;
    const answers = await Promise.all(
      [0, 1].map(() => t.post('/publisher/sign-up', signupPayload({ user_email: email }))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    const users = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  describe('daily limit', () => {
    let small: TestApp;
    beforeAll(async () => {
      small = await createTestApp({ SIGNUP_DAILY_LIMIT: '2' });
    });
    afterAll(() => small.close());

    it("answers 429 'Daily signup limit has been reached' past the limit, for new and existing e-mails alike", async () => {
      expect((await small.post('/publisher/sign-up', signupPayload())).status).toBe(200);
      expect((await small.post('/publisher/sign-up', signupPayload())).status).toBe(200);
      const over = await small.post('/publisher/sign-up', signupPayload());
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ error: { code: '0x4290', message: 'Daily signup limit has been reached' } });
      // Retry-After: the seconds until the next UTC day, when the budget opens again.
      const untilMidnight = (Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000 - Date.now()) / 1000;
      expect(Math.abs(Number(over.headers.get('retry-after')) - untilMidnight)).toBeLessThan(5);
      const p = await createPublisher(small);
      const overExisting = await small.post('/publisher/sign-up', signupPayload({ user_email: p.email }));
      expect(overExisting.status).toBe(429);
      expect(overExisting.body).toEqual(over.body);
      // Step checks are not sign-ups: they still answer.
      expect(
        (await small.post('/publisher/sign-up', { ...pick(signupPayload(), STEP1), speculative: true })).status,
      ).toBe(200);
      const row = await small.app.ctx.db.selectFrom('signup_counters').selectAll().executeTakeFirstOrThrow();
      expect(row.count).toBe(2);
    });
  });
});
