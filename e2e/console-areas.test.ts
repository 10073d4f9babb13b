import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkScreen, expectNoProblems, goto, launch, open, WIDTHS, type Width } from './helpers/browser.ts';
import { adminCall, consoleLoginViaApi } from './helpers/console.ts';
import { freshCode } from './helpers/totp.ts';

/**
 * The console's Audit log and Operators areas (docs/operator-console.md) as the demo owner, and
 * what a viewer sees and may do, in real Chromium at a desktop's and a phone's width.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let n = 0;
const uniqueEmail = (what: string) => `${what}-${process.pid}-${Date.now()}-${n++}@ops.test`;

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('console areas at %s width', (width) => {
  test('Operators: invite with the link shown once, change a role, disable and enable', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await consoleLoginViaApi(s);
    await goto(page, '/admin/operators');
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    await page.getByText('ops@portal.test').first().waitFor();
    await checkScreen(page, 'console-operators');

    const email = uniqueEmail('invited');
    await page.getByRole('button', { name: 'Invite operator' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite operator' });
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Name').fill('Ivy Invited');
    await invite.getByLabel('Role').selectOption('manager');
    await checkScreen(page, 'console-operator-invite');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    const sent = page.getByRole('dialog', { name: 'Invitation sent' });
    const link = await sent.locator('.font-mono').textContent();
    expect(link).toMatch(/\/admin\/set-password\?token=/);
    await sent.getByRole('button', { name: 'Copy' }).waitFor();
    if (width === 'desktop') await checkScreen(page, 'console-operator-invited');
    await sent.getByRole('button', { name: 'Done' }).click();

    // The invited operator is listed, not yet active; the owner changes the role in place.
    const role = page.getByLabel(`Role of ${email}`);
    await role.waitFor();
    expect(await role.inputValue()).toBe('manager');
    await role.selectOption('viewer');
    await page.getByText(`${email} is now a viewer.`).waitFor();

    await page.getByRole('button', { name: `Disable ${email}` }).click();
    const disable = page.getByRole('dialog', { name: 'Disable operator' });
    await disable.getByLabel('Reason').fill('Left the team');
    await disable.getByRole('button', { name: 'Disable' }).click();
    await page.getByText(`${email} is disabled.`).waitFor();
    await page.getByRole('button', { name: `Enable ${email}` }).click();
    await page.getByText(`${email} is enabled.`).waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test('Audit log: the writes, filtered by operator, object and date', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const jwt = await consoleLoginViaApi(s);
    const email = uniqueEmail('audited');
    const r = await adminCall(s, 'POST', '/operators/invite', jwt, { email, name: 'Audited One', role: 'viewer' });
    expect(r.status()).toBe(200);
    await goto(page, '/admin/audit-log');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const table = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Audit log' });
    await table.getByText('operator.invite').first().waitFor();
    await table.getByText(email).first().waitFor();

    if (width === 'phone') await page.getByRole('button', { name: /filters/i }).click();
    await page.getByLabel('Operator').selectOption({ label: 'Olivia Ops' });
    await page.getByLabel('Object').selectOption('settings');
    await page.getByText('No entry matches these filters').waitFor();
    await page.getByLabel('Object').selectOption('operator');
    await table.getByText(email).first().waitFor();
    await checkScreen(page, 'console-audit-log');
    expectNoProblems(s);
    await s.close();
  });
});

test('a viewer sees no Operators area and no write buttons, and the server refuses its writes', async () => {
  const s = await open(browser);
  const { page } = s;
  const ownerJwt = await consoleLoginViaApi(s);
  const email = uniqueEmail('viewer');
  const invited = await adminCall(s, 'POST', '/operators/invite', ownerJwt, {
    email,
    name: 'Vera Viewer',
    role: 'viewer',
  });
  const { link } = ((await invited.json()) as { data: { link: string } }).data;

  // The invited operator's own browser: no console session. The link's page takes the token out of
  // the address bar, and the password rules are the server's.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByRole('heading', { name: 'Set your password' }).waitFor();
  expect(page.url()).not.toContain('token=');
  await page.getByLabel(/^Password\*?$/).fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await page.getByText('Password must be at least 8 characters').waitFor();
  await checkScreen(page, 'console-set-password');
  await page.getByLabel(/^Password\*?$/).fill('viewer-password');
  await page.getByLabel('Confirm Password').fill('viewer-password');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await page.waitForURL(/\/admin\/login$/);
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
  await page.getByLabel('Password').fill('viewer-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await page.getByText('Vera Viewer').waitFor();

  const nav = page.getByRole('navigation', { name: 'Console' });
  expect(await nav.getByRole('link').allTextContents()).toEqual([
    'Overview',
    'Publishers',
    'Advertisers',
    'Offers',
    'Conversions',
    'Invoices',
    'Notifications',
    'Audit log',
  ]);
  await goto(page, '/admin/operators');
  await page.getByText('Only an owner of the console manages operators.').waitFor();
  expect(await page.getByRole('button', { name: 'Invite operator' }).count()).toBe(0);

  const viewerJwt = await page.evaluate(() => localStorage.getItem('operator_jwt'));
  const refused = await adminCall(s, 'POST', '/operators/invite', viewerJwt!, {
    email: uniqueEmail('nope'),
    name: 'Nope',
    role: 'viewer',
  });
  expect(refused.status()).toBe(403);
  expect((await adminCall(s, 'GET', '/overview', viewerJwt!)).status()).toBe(200);
  expectNoProblems(s);
  await s.close();
});

test('an operator turns two-factor on in Security, then signs in with the code step', async () => {
  const s = await open(browser);
  const { page } = s;
  const ownerJwt = await consoleLoginViaApi(s);
  const email = uniqueEmail('secure');
  const password = 'secure-password';
  const invited = await adminCall(s, 'POST', '/operators/invite', ownerJwt, {
    email,
    name: 'Sam Secure',
    role: 'manager',
  });
  const token = new URL(((await invited.json()) as { data: { link: string } }).data.link).searchParams.get('token');
  const set = await adminCall(s, 'POST', '/auth/set-password', undefined, {
    token,
    password,
    password_verify: password,
  });
  expect(set.status()).toBe(200);
  const login = await adminCall(s, 'POST', '/auth/login', undefined, { email, password });
  const jwt = ((await login.json()) as { data: { jwt: string } }).data.jwt;
  await page.evaluate((t) => localStorage.setItem('operator_jwt', t), jwt);

  await goto(page, '/admin/security');
  await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
  // The page's Password section asks for the current password too: this is two-factor's.
  await page.getByRole('region', { name: 'Two-factor authentication' }).getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  const secret = (await page.getByLabel('Secret key').textContent())!.trim();
  // The key to add, the QR code and the code field: the publisher profile's settings, at both widths.
  await checkScreen(page, 'console-security-enrol');
  await page.setViewportSize({ width: WIDTHS.phone, height: 844 });
  await checkScreen(page, 'console-security-enrol');
  await page.setViewportSize({ width: WIDTHS.desktop, height: 860 });
  await page.getByLabel('Authentication code').fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await codes.waitFor();
  expect(await codes.getByRole('listitem').count()).toBe(10);
  await checkScreen(page, 'console-security');

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('alert').filter({ hasText: 'Invalid code' }).waitFor();
  await checkScreen(page, 'console-login-code');
  await page.getByLabel('Authentication code').fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  expectNoProblems(s);
  await s.close();
});
