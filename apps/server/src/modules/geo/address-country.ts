import fs from 'node:fs';
import ipaddr from 'ipaddr.js';
import { readCsv } from '../../lib/csv-read.ts';

/**
 * The country of an address (docs/money.md, fraud holds), from the ranges file GEO_IP_COUNTRY_FILE
 * names: lines `start,end,country` (IPv4 or IPv6 addresses, or their integers; a header line and
 * lines that are not ranges are skipped), read once, searched by halves. Without a file every
 * address's country is unknown.
 */
interface Range {
  start: bigint;
  end: bigint;
  country: string;
}

const toNumber = (text: string): bigint | null => {
  const t = text.trim();
  if (/^\d+$/.test(t)) return BigInt(t);
  if (!ipaddr.isValid(t)) return null;
  let addr = ipaddr.parse(t);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  const bytes = addr.toByteArray();
  // IPv6 ranges are kept apart from IPv4 ones: above 2^32.
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return addr.kind() === 'ipv6' ? n + (1n << 32n) : n;
};

const loaded = new Map<string, Range[]>();

function rangesOf(file: string): Range[] {
  const cached = loaded.get(file);
  if (cached) return cached;
  const read = readCsv(fs.readFileSync(file, 'utf8'));
  const ranges: Range[] = [];
  if (read.ok)
    for (const r of read.records) {
      const [a, b, c] = r.cells;
      const start = a == null ? null : toNumber(a);
      const end = b == null ? null : toNumber(b);
      const country = c?.trim().toUpperCase() ?? '';
      if (start == null || end == null || !/^[A-Z]{2}$/.test(country)) continue;
      ranges.push({ start, end, country });
    }
  ranges.sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));
  loaded.set(file, ranges);
  return ranges;
}

/** The address's two-letter country, or null (no file, an address outside every range, not an address). */
export function countryOfAddress(file: string, address: string | null): string | null {
  if (!file || !address) return null;
  const n = toNumber(address);
  if (n == null || /^\d+$/.test(address.trim())) return null;
  const ranges = rangesOf(file);
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid]!;
    if (n < r.start) hi = mid - 1;
    else if (n > r.end) lo = mid + 1;
    else return r.country;
  }
  return null;
}
