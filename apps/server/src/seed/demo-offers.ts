import type { AppContext } from '../context.ts';

/** Demo network, part: advertisers, offers (every status), events, landing pages, creatives, caps, postbacks and pixels (DESIGN.md §6). Deterministic and relative to today. */
export async function seedDemoOffers(_ctx: AppContext): Promise<void> {
  // Filled in by the offers area.
}
