/** IANA zones known to this runtime, with readable names ("(UTC+05:30) Asia/Kolkata – India Standard Time"). */
const zones: string[] = Intl.supportedValuesOf('timeZone');
const zoneSet = new Set([...zones, 'UTC']);

export const isValidTimeZone = (zone: string) => zoneSet.has(zone);

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

export function listTimeZones(at = new Date()): { id: string; name: string }[] {
  const list = [...zoneSet].map((id) => {
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
