/**
 * The time zones the web app computes in: the browser's, and a zone checked against what this
 * browser knows. The user's own zone is the profile's (features/user `useTimeZone`).
 */
let browserZone: string | undefined;
/** Zone names checked so far: whether this browser knows them. */
const knownZones = new Map<string, boolean>();

/** The zone this browser's clock is in. */
export function browserTimeZone(): string {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browserZone;
}

/**
 * The zone to compute in. An unknown or empty zone (a profile not loaded yet, a zone this browser
 * lacks) falls back to the browser's own, so the picker still works instead of throwing
 * 'Invalid time value' on render.
 */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return browserTimeZone();
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    // Creating a formatter is what tells (and it costs): once per zone.
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known ? timeZone : browserTimeZone();
}
