import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  expectNoProblems,
  goto,
  launch,
  open,
  WIDTHS,
  type Width,
  eventually,
} from './helpers/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const signupBodies = (page: Page) => {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r: Request) => {
    if (r.url().endsWith('/api/v1/publisher/sign-up')) bodies.push(r.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
};

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

async function fillContact(page: Page, email: string) {
  await page.getByLabel('First Name').fill('Jamie');
  await page.getByLabel('Last Name').fill('Rivera');
  await page.getByLabel('Job Title').fill('Media Buyer');
  await page.getByLabel('Work Phone').fill('+1 416 555 0100');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Chat Platform').selectOption('telegram');
  await page.getByLabel('Chat User ID').fill('@jamie');
  await page.getByLabel(/^Password\*?$/).fill('a-good-password');
  await page.getByLabel('Confirm Password').fill('a-good-password');
}

async function fillCompany(page: Page) {
  await page.getByLabel('Company Name').fill('Rivera Media');
  await page.getByLabel('Website URL').fill('rivera-media.com');
  await page.getByLabel('Street Address').fill('1 King St W');
  await page.getByLabel('City').fill('Toronto');
  await page.getByLabel('Country').selectOption('CA');
  await eventually(() => page.getByLabel('Region').isEnabled(), true);
  await page.getByLabel('Region').selectOption('ON');
  await page.getByLabel('Postal Code').fill('M5H 1A1');
  await page.getByLabel('Company Phone').fill('+1 416 555 0101');
  await page.getByLabel('Company Tax ID').fill('123456789RT0001');
}

const unique = (w: string) => `signup-${w}-${Date.now()}@example.com`;

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('sign-up at %s width', (width) => {
  test('two steps with server field errors, back, country → regions, and the thank-you message', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const bodies = signupBodies(page);
    await goto(page, '/signup');
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
    await eventually(() => page.title(), 'Sign up / Publisher Portal');
    expect(await page.getByRole('list', { name: 'Sign-up steps' }).getByRole('listitem').count()).toBe(2);
    await checkScreen(page, 'signup-step-1');

    // Empty step: every required field's message, from the server by code.
    await next(page);
    for (const m of [
      'Please enter your first name',
      'Please enter your last name',
      'Please enter your job title',
      'Please enter your work phone',
      'Please enter your email address',
      'Please select chat platform',
      'Please enter chat user ID',
      'Please enter a password',
      'Please confirm your password',
    ]) {
      await page.getByText(m, { exact: true }).waitFor();
    }
    await checkScreen(page, 'signup-step-1-errors');
    expect(bodies[0]).toMatchObject({ speculative: true, user_name_first: null });
    expect(Object.keys(bodies[0]!).sort()).toEqual(
      [
        'speculative',
        'user_name_first',
        'user_name_last',
        'user_title',
        'user_phone',
        'user_email',
        'user_chat_platform',
        'user_chat_platform_id',
        'user_password',
        'user_password_verify',
      ].sort(),
    );

    // Editing a field clears its error.
    await page.getByLabel('First Name').fill('J');
    expect(await page.getByText('Please enter your first name').count()).toBe(0);

    // The format, length, mismatch and duplicate checks (at desktop width; the phone run goes on).
    if (width === 'desktop') {
      await fillContact(page, 'not-an-email');
      await page.getByLabel(/^Password\*?$/).fill('short');
      await page.getByLabel('Confirm Password').fill('different');
      await next(page);
      await page.getByText('Please enter a valid email', { exact: true }).waitFor();
      await page.getByText('Password must be at least 8 characters', { exact: true }).waitFor();
      await page.getByLabel(/^Password\*?$/).fill('a-good-password');
      await page.getByLabel('Email').fill('demo@portal.test');
      await next(page);
      await page.getByText('Email already exists', { exact: true }).waitFor();
      await page.getByText('Passwords do not match', { exact: true }).waitFor();
    }

    const email = unique(width);
    await fillContact(page, email);
    await next(page);
    await page.getByRole('heading', { name: 'Company Information' }).waitFor();
    expect(await page.getByLabel('Region').isDisabled()).toBe(true);
    await checkScreen(page, 'signup-step-2');

    await page.getByRole('button', { name: 'Submit' }).click();
    for (const m of [
      'Please enter a company name',
      'Please enter a street address',
      'Please enter a city',
      'Please select a country',
      'Please enter a postal code',
      'Please enter a company phone',
      'Please enter a company tax ID',
    ]) {
      await page.getByText(m, { exact: true }).waitFor();
    }
    // The last step sends everything; its errors are on this step, so it stays.
    expect(bodies.at(-1)).toMatchObject({ speculative: false, user_email: email, company_name: null });
    await checkScreen(page, 'signup-step-2-errors');

    await fillCompany(page);
    const regionCount = await page.getByLabel('Region').locator('option').count();
    expect(regionCount).toBeGreaterThan(5);
    // A new country reloads the regions and clears the region.
    await page.getByLabel('Country').selectOption('US');
    await eventually(() => page.getByLabel('Region').inputValue(), '');
    await eventually(() => page.getByLabel('Region').locator('option', { hasText: 'California' }).count(), 1);
    await page.getByLabel('Region').selectOption('CA');
    await page.getByLabel('Website URL').fill('not a website');

    // Back returns a step and clears field errors; values stay.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await next(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please enter a valid URL (e.g., "localhost")', { exact: true }).waitFor();
    await page.getByLabel('Website URL').fill('rivera-media.com');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByRole('heading', { name: 'Thank you for signing up!' }).waitFor();
    await checkScreen(page, 'signup-thank-you');
    const last = bodies.at(-1)!;
    expect(last).toMatchObject({
      speculative: false,
      user_email: email,
      company_address_country: 'US',
      company_address_region: 'CA',
      company_address_street_2: null,
      user_referrer_account_id: null,
    });
    expect(typeof last['user_business_unit_id']).toBe('number');
    await page.getByRole('link', { name: 'Click here to log in' }).click();
    await page.waitForURL(/\/login$/);
    expectNoProblems(s);
    await s.close();
  });
});

test.concurrent('a referral link prefills the referrer; forceThreeSteps adds the terms step', async () => {
  const s = await open(browser, 'desktop');
  const { page } = s;
  const bodies = signupBodies(page);
  await goto(page, '/signup/demo2026?forceThreeSteps=true');
  await page.getByText('demo2026').waitFor();
  await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
  expect(await page.getByRole('list', { name: 'Sign-up steps' }).getByRole('listitem').count()).toBe(3);
  await fillContact(page, unique('ref'));
  await next(page);
  await page.getByRole('heading', { name: 'Company Information' }).waitFor();
  await fillCompany(page);
  await next(page);
  await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
  expect(bodies.at(-1)).toMatchObject({ speculative: true, company_name: 'Rivera Media' });
  expect(bodies.at(-1)).not.toHaveProperty('user_email');
  await page.getByText('PUBLISHER TERMS AND CONDITIONS').waitFor();
  const submit = page.getByRole('button', { name: 'Submit' });
  expect(await submit.isDisabled()).toBe(true);
  await checkScreen(page, 'signup-step-3-terms');
  await page.getByLabel('I agree to the Terms and Conditions*').check();
  await submit.click();
  await page.getByRole('heading', { name: 'Thank you for signing up!' }).waitFor();
  expect(bodies.at(-1)).toMatchObject({
    speculative: false,
    user_referrer_account_id: 'demo2026',
    terms_accepted: true,
  });
  expectNoProblems(s);
  await s.close();
});

test.concurrent('the phone layout of the terms step', async () => {
  const s = await open(browser, 'phone');
  const { page } = s;
  await page.route('**/api/v1/publisher/sign-up', (r) =>
    r.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true,"speculative":true}' }),
  );
  await goto(page, '/signup?forceThreeSteps=true');
  await next(page);
  await next(page);
  await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
  await checkScreen(page, 'signup-step-3-terms');
  await s.close();
});

test.concurrent('failures without field errors: daily limit, server fault, unknown field codes', async () => {
  const s = await open(browser, 'desktop');
  const { page } = s;
  await goto(page, '/signup');
  await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
  const reply = (status: number, body: unknown) =>
    page.route(
      '**/api/v1/publisher/sign-up',
      (r) => r.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
      { times: 1 },
    );

  await reply(429, { error: { code: '0x4290', message: 'x' } });
  await next(page);
  await page.getByRole('alert').filter({ hasText: 'Daily signup limit has been reached' }).waitFor();

  await reply(500, { error: { code: '0x500', message: 'x' } });
  await next(page);
  await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();

  await reply(422, {
    error: { code: '0x4220', message: 'x' },
    errors: { user_title: { code: '0x4999', message: 'x' }, user_name_last: { code: '0x4002', message: 'x' } },
  });
  await next(page);
  await page.getByText('Please enter a valid value', { exact: true }).waitFor();
  await page.getByText('Please enter your last name', { exact: true }).waitFor();
  expectNoProblems(s);
  await s.close();
});

describe.concurrent('brands by host name', () => {
  const brands = [
    { host: 'northwind.test', name: 'Northwind Partners', steps: 3 },
    { host: 'bluepeak.test', name: 'Bluepeak Affiliates', steps: 2 },
    { host: 'orchard.test', name: 'Orchard Media', steps: null },
    { host: 'lumen.test', name: 'Lumen Network', steps: null },
    { host: 'localhost', name: 'Publisher Portal', steps: 2 },
  ];
  test('each brand shows its own logo and product name; northwind signs up in three steps', async () => {
    for (const b of brands) {
      const s = await open(browser, 'desktop');
      const { page } = s;
      if (b.steps !== null) {
        await goto(page, '/signup', b.host);
        await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
        await eventually(() => page.title(), `Sign up / ${b.name}`);
        await page.locator('header').getByText(b.name).waitFor();
        expect(await page.getByRole('list', { name: 'Sign-up steps' }).getByRole('listitem').count()).toBe(b.steps);
      }
      if (b.host !== 'localhost') {
        await goto(page, '/login', b.host);
        await page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
        await eventually(() => page.title(), `Log in / ${b.name}`);
        await page.locator('header').getByText(b.name).waitFor();
        await checkScreen(page, `brand-${b.host.split('.')[0]}-login`);
      }
      expectNoProblems(s);
      await s.close();
    }
  });
});
