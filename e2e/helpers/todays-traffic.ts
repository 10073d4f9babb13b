import { DEMO_ADVERTISERS } from '../../apps/server/src/seed/demo-advertisers.ts';
import { OFFERS } from '../../apps/server/src/seed/demo-offer-list.ts';

/**
 * Traffic of this minute for the demo publisher, through the tracking engine: clicks on its
 * tracking links and the advertisers' conversion calls. The demo seed's traffic ends when it ran,
 * so a suite that starts shortly before midnight in the publisher's zone (America/Toronto) would
 * find "today" without clicks or conversions for most of its run; this gives every run a today.
 * Six offers, the first converting six times and the last once, so that rankings have an order.
 */
export async function makeTodaysTraffic(baseUrl: string, login: { email: string; password: string }) {
  const call = async <T>(path: string, body: unknown, jwt?: string): Promise<T> => {
    const r = await fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${path} answered ${r.status}`);
    return ((await r.json()) as { data: T }).data;
  };
  const { jwt } = await call<{ jwt: string }>('/user/authenticate', {
    user_name: login.email,
    password: login.password,
  });
  const listed = await call<{ id: number; name: string }[]>('/campaign-table', { limit: 100 }, jwt);
  // Active offers the advertiser's server reports (not pixel-only), without caps to fill.
  const chosen = OFFERS.filter(
    (o) => o.status === 'active' && o.conversionMethod !== 'pixel' && !o.dailyCap && !o.monthlyCap,
  )
    .map((o) => ({ offer: o, id: listed.find((row) => row.name === o.name)?.id }))
    .filter((x): x is { offer: (typeof OFFERS)[number]; id: number } => x.id !== undefined)
    .slice(0, 6);
  if (chosen.length < 6) throw new Error(`only ${chosen.length} demo offers to make today's traffic on`);
  for (const [i, { offer, id }] of chosen.entries()) {
    const token = DEMO_ADVERTISERS.find((a) => a.key === offer.advertiser)!.token;
    const offerData = await call<{ tracking_link_base_url: string }>('/offer', { offer_id: id }, jwt);
    const link = new URL(offerData.tracking_link_base_url);
    for (let n = 0; n < 6 - i; n++) {
      const click = await fetch(`${baseUrl}${link.pathname}`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': `203.0.113.${10 + i * 6 + n}` },
      });
      const tid = new URL(click.headers.get('location') ?? 'about:blank').searchParams.get('clickid');
      if (click.status !== 302 || !tid) throw new Error(`a click on ${offer.name} answered ${click.status}`);
      const conversion = await fetch(`${baseUrl}/postback?tid=${tid}&amount=40&token=${encodeURIComponent(token)}`);
      if (!conversion.ok) throw new Error(`a conversion on ${offer.name} answered ${conversion.status}`);
    }
  }
}

/** About how long the suite runs on a quiet machine, with room: "today" must hold that long. */
const SUITE_MINUTES = 25;

/**
 * Waits until the demo publisher's day (America/Toronto) has at least the suite's length left, so
 * that the traffic made for "today" stays today's for the whole run; a run that crossed midnight
 * found the day's reports empty after it. Waits at most SUITE_MINUTES, and only in that window.
 */
export async function waitPastMidnight(now = new Date()): Promise<void> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Toronto',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const secondsLeft = 24 * 3600 - (part('hour') * 3600 + part('minute') * 60 + part('second'));
  if (secondsLeft > SUITE_MINUTES * 60) return;
  console.log(`e2e: waiting ${secondsLeft + 5} s for midnight in America/Toronto, so "today" lasts the run`);
  await new Promise((resolve) => setTimeout(resolve, (secondsLeft + 5) * 1000));
}
