import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { receiverHostOf } from './receiver-backoff.ts';

/** A publisher's receiver (host and port) whose deliveries fail. */
export interface FailingReceiverState {
  publisherId: number;
  publisherName: string;
  host: string;
  /** When it began failing: its back-off's first failure, or its postbacks' failing mark if earlier. */
  failingSince: Date;
  /** Rounds of failures of its back-off (0 when only its postbacks are marked failing). */
  failures: number;
  /** Until when no delivery to it is claimed; null when it is not backing off. */
  resumeAt: Date | null;
  /** When a delivery to it is next tried: its earliest pending one, not before the back-off ends; null when none waits. */
  nextAttemptAt: Date | null;
  /** The names of the publisher's postbacks to this host marked failing (docs/tracking.md). */
  failingPostbacks: string[];
}

const key = (publisherId: number, host: string) => `${publisherId} ${host}`;

/**
 * Every failing receiver of the network, longest failing first: the receivers backing off
 * (`postback_receivers`: a success removes the row) and the hosts of postbacks marked failing
 * (`postbacks.failing_since`: their delivery budget ran out; a success clears it), one entry per
 * publisher and host. Both sets are small (rows of failing receivers only), read whole.
 */
export async function failingReceivers(db: Db): Promise<FailingReceiverState[]> {
  const [receivers, marked] = await Promise.all([
    db
      .selectFrom('postback_receivers')
      .select(['publisher_id', 'host', 'failures', 'resume_at', 'failing_since'])
      .execute(),
    db
      .selectFrom('postbacks')
      .select(['publisher_id', 'name', 'value', 'failing_since'])
      .where('failing_since', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  const byKey = new Map<string, Omit<FailingReceiverState, 'publisherName' | 'nextAttemptAt'>>();
  for (const r of receivers) {
    byKey.set(key(r.publisher_id, r.host), {
      publisherId: r.publisher_id,
      host: r.host,
      failingSince: new Date(r.failing_since),
      failures: r.failures,
      resumeAt: new Date(r.resume_at),
      failingPostbacks: [],
    });
  }
  for (const p of marked) {
    const host = receiverHostOf(p.value);
    const since = new Date(p.failing_since!);
    const k = key(p.publisher_id, host);
    const entry = byKey.get(k);
    if (entry) {
      entry.failingPostbacks.push(p.name);
      if (since < entry.failingSince) entry.failingSince = since;
    } else {
      byKey.set(k, {
        publisherId: p.publisher_id,
        host,
        failingSince: since,
        failures: 0,
        resumeAt: null,
        failingPostbacks: [p.name],
      });
    }
  }
  const entries = [...byKey.values()];
  if (entries.length === 0) return [];
  const pubs = entries.map((e) => e.publisherId);
  const hosts = entries.map((e) => e.host);
  const [names, pending] = await Promise.all([
    db
      .selectFrom('publishers')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(pubs)])
      .execute(),
    sql<{ publisher_id: number; receiver_host: string; next: Date }>`
      SELECT d.publisher_id, d.receiver_host, min(d.next_attempt_at) AS next
      FROM postback_deliveries d
      JOIN unnest(${pubs}::int[], ${hosts}::text[]) AS f(publisher_id, host)
        ON d.publisher_id = f.publisher_id AND d.receiver_host = f.host
      WHERE d.status = 'pending'
      GROUP BY 1, 2`.execute(db),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const nextOf = new Map(pending.rows.map((p) => [key(p.publisher_id, p.receiver_host), new Date(p.next)]));
  const now = Date.now();
  return entries
    .map((e) => {
      const next = nextOf.get(key(e.publisherId, e.host)) ?? null;
      const backingOff = e.resumeAt !== null && e.resumeAt.getTime() > now;
      return {
        ...e,
        publisherName: nameOf.get(e.publisherId) ?? '',
        resumeAt: backingOff ? e.resumeAt : null,
        nextAttemptAt: next && backingOff && next < e.resumeAt! ? e.resumeAt : next,
      };
    })
    .sort(
      (a, b) =>
        a.failingSince.getTime() - b.failingSince.getTime() ||
        a.publisherId - b.publisherId ||
        (a.host < b.host ? -1 : 1),
    );
}
