import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/password.ts';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, eventually, type ApiAnswer, type TestApp } from '../helpers/test-app.ts';
import { createPublishersInBulk, signupPayload } from '../helpers/factories.ts';

/**
 * A4: login, reset and sign-up answer an existing and an unknown e-mail with the same status and
 * body, and in about the same time.
 *
 * Up to 200 calls of each kind, existing and unknown interleaved (alternating which goes first),
 * timed one at a time from the client. Each kind stops early at a time budget so a run stays
 * within a few seconds even on a loaded 2-core machine, but never with fewer than MIN_PAIRS pairs:
 * a leak worth catching (skipping argon2 for unknown e-mails, or sending the reset mail before
 * answering) is a several-fold gap in the medians, which 30 pairs show as plainly as 200.
 * The medians must agree within a factor of 2, plus 10 ms of slack: a loaded machine's scheduling
 * noise alone moves the medians of calls this short by several milliseconds.
 */
const MAX_PAIRS = 200;
const MIN_PAIRS = 30;
const BUDGET_MS = 2500;
const SLACK_MS = 10;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface Run {
  pairs: number;
  existing: { ms: number[]; answers: ApiAnswer[] };
  unknown: { ms: number[]; answers: ApiAnswer[] };
}

/**
 * `settle` runs after each call, untimed: work the server does after answering (the reset mail)
 * would otherwise delay the next call's timing here, where client and server share one thread.
 */
async function measure(
  existingCall: (i: number) => Promise<ApiAnswer>,
  unknownCall: (i: number) => Promise<ApiAnswer>,
  settle: () => Promise<void> = async () => {},
): Promise<Run> {
  const run: Run = { pairs: 0, existing: { ms: [], answers: [] }, unknown: { ms: [], answers: [] } };
  const timed = async (side: Run['existing'], call: () => Promise<ApiAnswer>) => {
    const t0 = performance.now();
    const a = await call();
    side.ms.push(performance.now() - t0);
    side.answers.push(a);
    await settle();
  };
  const start = Date.now();
  for (let i = 0; i < MAX_PAIRS; i++) {
    if (i >= MIN_PAIRS && Date.now() - start > BUDGET_MS) break;
    if (i % 2 === 0) {
      await timed(run.existing, () => existingCall(i));
      await timed(run.unknown, () => unknownCall(i));
    } else {
      await timed(run.unknown, () => unknownCall(i));
      await timed(run.existing, () => existingCall(i));
    }
    run.pairs++;
  }
  return run;
}

function expectIndistinguishable(run: Run, what: string) {
  const all = [...run.existing.answers, ...run.unknown.answers];
  const first = all[0]!;
  for (const a of all) {
    expect(a.status, what).toBe(first.status);
    expect(a.body, what).toEqual(first.body);
  }
  const e = median(run.existing.ms);
  const u = median(run.unknown.ms);
  const report = `${what}: ${run.pairs} pairs, median existing ${e.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`;
  console.info(report);
  expect(Math.max(e, u), report).toBeLessThanOrEqual(2 * Math.min(e, u) + SLACK_MS);
}

describe('A4: no account enumeration through status, body or timing', () => {
  let t: TestApp;
  let existing: { email: string }[];
  let ip = 0;
  // Behind a trusted proxy, each call from its own client address: this test is about what an
  // answer reveals, not about the per-address budgets (throttling.test.ts covers those).
  const fresh = () => ({ headers: { 'x-forwarded-for': `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` } });

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', SIGNUP_DAILY_LIMIT: '100000' });
    existing = await createPublishersInBulk(t, MAX_PAIRS, {
      passwordHash: await hashPassword('the-right-password'),
      prefix: 'a4',
    });
    // Warm up both paths (the first unknown-e-mail login computes the dummy hash).
    await t.post('/user/authenticate', { user_name: 'warm-up@example.test', password: 'x-password' }, fresh());
    await t.post('/user/authenticate', { user_name: existing[0]!.email, password: 'x-password' }, fresh());
  });
  afterAll(() => t.close());

  it('login: a wrong password for an existing e-mail and any password for an unknown one', async () => {
    const run = await measure(
      (i) => t.post('/user/authenticate', { user_name: existing[i]!.email, password: 'a-wrong-password' }, fresh()),
      (i) =>
        t.post('/user/authenticate', { user_name: `nobody-${i}@example.test`, password: 'a-wrong-password' }, fresh()),
    );
    expect(run.existing.answers[0]!.status).toBe(401);
    expectIndistinguishable(run, 'login');
  });

  it('send-reset-password-token: the mail goes out after the answer', async () => {
    const outbox = path.join(t.dataDir, 'outbox');
    const mailed = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.json')).length : 0);
    const before = mailed();
    let asked = 0;
    const run = await measure(
      (i) => {
        asked++;
        return t.post('/send-reset-password-token', { user_email: existing[i]!.email }, fresh());
      },
      (i) => t.post('/send-reset-password-token', { user_email: `nobody-${i}@example.test` }, fresh()),
      async () => {
        await eventually(() => mailed() - before >= asked);
      },
    );
    // Every existing e-mail got its link, no unknown one did.
    expect(mailed() - before).toBe(asked);
    expect(run.existing.answers[0]!.body).toEqual({ success: true });
    expectIndistinguishable(run, 'reset');
  });

  it('final sign-up: an e-mail with an account answers like a new one', async () => {
    const run = await measure(
      (i) => t.post('/publisher/sign-up', signupPayload({ user_email: existing[i]!.email }), fresh()),
      (i) => t.post('/publisher/sign-up', signupPayload({ user_email: `brand-new-${i}@example.test` }), fresh()),
    );
    expect(run.existing.answers[0]!.body).toEqual({ success: true, speculative: false });
    expectIndistinguishable(run, 'sign-up');
  });
});
