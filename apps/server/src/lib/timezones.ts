/**
 * ICU (and so Node 20's Intl) still lists some zones under their names from before an IANA rename.
 * The list shows the current IANA name; both spellings are accepted when saving.
 */
const RENAMED: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

const runtimeKnows = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** IANA zones known to this runtime, under their current names, plus UTC. */
const zones: string[] = [
  ...new Set([
    ...Intl.supportedValuesOf('timeZone').map((z) => (RENAMED[z] && runtimeKnows(RENAMED[z]) ? RENAMED[z] : z)),
    'UTC',
  ]),
];
const zoneSet = new Set(zones);

/**
 * An IANA name: `UTC` or `Area/Location[/Sub]`, each part capitalised as in the tz database.
 * Offsets (`+05:30`), POSIX strings (`EST5EDT`) and lower-case spellings are refused, since
 * PostgreSQL would read some of them differently from JavaScript.
 */
const IANA_SHAPE = /^(?:UTC|[A-Z][A-Za-z_]*(?:\/[A-Z][A-Za-z0-9_+-]*){1,2})$/;

/** A zone the runtime and PostgreSQL both know under that exact name (list entries and their aliases). */
export const isValidTimeZone = (zone: string) => zoneSet.has(zone) || (IANA_SHAPE.test(zone) && runtimeKnows(zone));

function offsetLabel(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return part === 'GMT' ? 'UTC+00:00' : (part ?? 'GMT').replace('GMT', 'UTC');
}

function longName(zone: string, at: Date): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

/** Readable names ("(UTC+05:30) Asia/Kolkata – India Standard Time"), sorted by offset then name. */
export function listTimeZones(at = new Date()): { id: string; name: string }[] {
  const list = zones.map((id) => {
    const offset = offsetLabel(id, at);
    const long = longName(id, at);
    const readable = id.replace(/_/g, ' ');
    return { id, offset, name: `(${offset}) ${readable}${long && !long.startsWith('GMT') ? ` – ${long}` : ''}` };
  });
  const minutes = (o: string) => {
    const m = /UTC([+-])(\d{2}):(\d{2})/.exec(o);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  };
  list.sort((a, b) => minutes(a.offset) - minutes(b.offset) || a.id.localeCompare(b.id));
  return list.map(({ id, name }) => ({ id, name }));
}
