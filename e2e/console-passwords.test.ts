import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  expectNoProblems,
  goto,
  launch,
  open,
  WIDTHS,
  type Session,
  type Width,
} from './helpers/browser.ts';
import { adminCall, consoleLoginViaApi } from './helpers/console.ts';

/**
 * Operators' passwords (docs/operator-console.md): an operator changes their own on the Security
 * page; an owner gives another operator a one-time reset link from the Operators page, and the
 * operator sets a new password with it. Real Chromium at a desktop's and a phone's width.
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

/** An operator invited by the demo owner, with a password set from the invitation's link. */
async function newOperator(s: Session, ownerJwt: string, name: string, password: string) {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const invited = await adminCall(s, 'POST', '/operators/invite', ownerJwt, { email, name, role: 'manager' });
  const token = new URL(((await invited.json()) as { data: { link: string } }).data.link).searchParams.get('token');
  const set = await adminCall(s, 'POST', '/auth/set-password', undefined, {
    token,
    password,
    password_verify: password,
  });
  expect(set.status()).toBe(200);
  return { email, password };
}

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('operator passwords at %s width', (width) => {
  test('Security: an operator changes their own password; errors at the fields; other sessions end', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const ownerJwt = await consoleLoginViaApi(s);
    const op = await newOperator(s, ownerJwt, 'Paula Password', 'paula-first-secret');
    const elsewhere = await adminCall(s, 'POST', '/auth/login', undefined, op);
    const otherJwt = ((await elsewhere.json()) as { data: { jwt: string } }).data.jwt;
    await consoleLoginViaApi(s, op);

    await goto(page, '/admin/security');
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    const section = page.getByRole('region', { name: 'Password' });
    const submit = section.getByRole('button', { name: 'Change password' });
    expect(await submit.isDisabled()).toBe(true);
    await checkScreen(page, 'console-security-password');

    const fill = async (current: string, next: string, verify = next) => {
      await section.getByLabel('Current password').fill(current);
      await section.getByLabel(/^New password\*?$/).fill(next);
      await section.getByLabel('Confirm new password').fill(verify);
      await submit.click();
    };
    await fill('not-my-password', 'paula-second-secret');
    await section.getByText('Invalid credentials.').waitFor();
    await fill(op.password, 'password123');
    await section.getByText('This password is too common. Please choose another.').waitFor();
    await fill(op.password, 'paula-second-secret', 'paula-second-typo');
    await section.getByText('Passwords do not match.').waitFor();
    await checkScreen(page, 'console-security-password-errors');
    // An edit clears its field's error.
    await section.getByLabel('Confirm new password').fill('paula-second-secret');
    expect(await section.getByText('Passwords do not match.').count()).toBe(0);

    await submit.click();
    await page.getByText('Your password is changed. Your other sessions are signed out.').waitFor();
    expect(await section.getByLabel('Current password').inputValue()).toBe('');
    // The other session is over; this one goes on, across a reload.
    expect((await adminCall(s, 'GET', '/me', otherJwt)).status()).toBe(401);
    await page.reload();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/security');
    expect(
      (await adminCall(s, 'GET', '/me', (await page.evaluate(() => localStorage.getItem('operator_jwt')))!)).status(),
    ).toBe(200);
    const fresh = await adminCall(s, 'POST', '/auth/login', undefined, { ...op, password: 'paula-second-secret' });
    expect(fresh.status()).toBe(200);
    expectNoProblems(s);
    await s.close();
  });

  test('Operators: an owner gives a reset link, shown once; the operator sets a new password with it', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const ownerJwt = await consoleLoginViaApi(s);
    const op = await newOperator(s, ownerJwt, 'Remy Reset', 'remy-first-secret');
    const theirs = (
      (await (await adminCall(s, 'POST', '/auth/login', undefined, op)).json()) as { data: { jwt: string } }
    ).data.jwt;

    await goto(page, '/admin/operators');
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    // Not for the owner themselves: their own password changes on the Security page.
    await page.getByRole('button', { name: `Disable ${op.email}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Reset link for ops@portal.test' }).count()).toBe(0);
    await page.getByRole('button', { name: `Reset link for ${op.email}` }).click();
    const ask = page.getByRole('dialog', { name: 'Reset link' });
    await ask.getByText('A one-time link with which Remy Reset chooses a new password.').waitFor();
    await checkScreen(page, 'console-operator-reset-link');
    await ask.getByRole('button', { name: 'Create link' }).click();
    const shown = ask.locator('.font-mono');
    await shown.waitFor();
    const link = (await shown.textContent())!;
    expect(link).toMatch(/\/admin\/set-password\?token=[\w-]+$/);
    await ask.getByRole('button', { name: 'Copy' }).waitFor();
    await checkScreen(page, 'console-operator-reset-link-shown');
    await ask.getByRole('button', { name: 'Done' }).click();
    await ask.waitFor({ state: 'detached' });

    // The operator's browser: the link's page, under the same rules.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel(/^Password\*?$/).fill('qwertyuiop');
    await page.getByLabel('Confirm Password').fill('qwertyuiop');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await page.getByText('This password is too common. Please choose another.').waitFor();
    await checkScreen(page, 'console-reset-password-common');
    await page.getByLabel(/^Password\*?$/).fill('remy-second-secret');
    await page.getByLabel('Confirm Password').fill('remy-second-secret');
    await page.getByRole('button', { name: 'Save Password' }).click();
    await page.waitForURL(/\/admin\/login$/);
    expect((await adminCall(s, 'GET', '/me', theirs)).status()).toBe(401);
    await page.getByLabel('Password').fill('remy-second-secret');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expectNoProblems(s);
    await s.close();
  });
});
