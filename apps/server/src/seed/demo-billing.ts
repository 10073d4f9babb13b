import type { AppContext } from '../context.ts';

/** Demo network, part: monthly invoices in every status and notifications (read, unread, urgent, offer context) (DESIGN.md §6). Deterministic and relative to today. */
export async function seedDemoBilling(_ctx: AppContext): Promise<void> {
  // Filled in by the billing area.
}
