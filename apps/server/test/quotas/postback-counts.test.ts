import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { expectTooMany } from './quota-helpers.ts';

/**
 * A publisher could hold any number of postbacks, and every active one is an outbound
 * call per conversion. Now at most 100 are active at once and 500 exist in all (lib/quotas.ts);
 * a save past either answers 429 in the API's error shape and changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const form = (name: string, status: 'active' | 'inactive' = 'active') => ({
  postback_name: name,
  postback_status: status,
  postback_type: 'postback',
  postback_value: 'https://tracker.example/pb?cid={pub_click_id}',
  postback_offer_id: null,
  postback_event_id: null,
  postback_event_type: null,
});

/** Rows as earlier saves left them (the hourly save budget would take hours to reach the counts). */
async function existing(publisherId: number, n: number, status: 'active' | 'inactive') {
  const rows = Array.from({ length: n }, (_, i) => ({
    publisher_id: publisherId,
    name: `${status} ${i}`,
    status,
    type: 'postback' as const,
    value: 'https://tracker.example/pb',
    offer_id: null,
    event_id: null,
    event_type: null,
  }));
  await t.app.ctx.db.insertInto('postbacks').values(rows).execute();
}

const countOf = async (publisherId: number) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('postbacks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('publisher_id', '=', publisherId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('postback counts', () => {
  it('at most 100 active at once: the 101st active is refused, an inactive one is not, and activating one is refused too', async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    await existing(p.publisherId, 99, 'active');
    const last = await t.post('/postback/create', form('hundredth'), { token });
    expect(last.status).toBe(200);
    const msg = 'You can have at most 100 active pixels and postbacks. Set one inactive first.';
    expectTooMany(await t.post('/postback/create', form('one too many'), { token }), msg, { min: 1, max: 60 });
    expect(await countOf(p.publisherId)).toBe(100);

    const paused = await t.post('/postback/create', form('paused', 'inactive'), { token });
    expect(paused.status).toBe(200);
    const pausedId = paused.body.data.postback_id as number;
    expectTooMany(await t.post('/postback/update', { ...form('paused'), postback_id: pausedId }, { token }), msg, {
      min: 1,
      max: 60,
    });
    expect((await t.post('/postback', { id: pausedId }, { token })).body.data.postback_status).toBe('inactive');

    // An active one may still be edited; setting one inactive makes room for another.
    const id = last.body.data.postback_id as number;
    expect((await t.post('/postback/update', { ...form('renamed'), postback_id: id }, { token })).status).toBe(200);
    expect(
      (await t.post('/postback/update', { ...form('renamed', 'inactive'), postback_id: id }, { token })).status,
    ).toBe(200);
    expect((await t.post('/postback/update', { ...form('paused'), postback_id: pausedId }, { token })).status).toBe(
      200,
    );

    // Another publisher's count is its own.
    const other = await createPublisher(t);
    expect((await t.post('/postback/create', form('mine'), { token: await login(t, other) })).status).toBe(200);
  });

  it('at most 500 in all: the 501st is refused even inactive, while the existing ones can still be edited', async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    await existing(p.publisherId, 499, 'inactive');
    const last = await t.post('/postback/create', form('five hundredth', 'inactive'), { token });
    expect(last.status).toBe(200);
    expectTooMany(
      await t.post('/postback/create', form('one too many', 'inactive'), { token }),
      'You can have at most 500 pixels and postbacks.',
      { min: 1, max: 60 },
    );
    expect(await countOf(p.publisherId)).toBe(500);
    const id = last.body.data.postback_id as number;
    expect((await t.post('/postback/update', { ...form('edited'), postback_id: id }, { token })).status).toBe(200);
  });

  it('parallel creates cannot slip past the limit together', async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    await existing(p.publisherId, 95, 'active');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.post('/postback/create', form(`race ${i}`), { token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    expect(await countOf(p.publisherId)).toBe(100);
  });
});
