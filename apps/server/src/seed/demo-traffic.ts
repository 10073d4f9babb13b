import type { AppContext } from '../context.ts';

/** Demo network, part: 90 days of clicks and conversions up to today, made through the tracking engine (DESIGN.md §6). Deterministic and relative to today. */
export async function seedDemoTraffic(_ctx: AppContext): Promise<void> {
  // Filled in by the traffic area.
}
