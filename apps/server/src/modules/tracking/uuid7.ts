import crypto from 'node:crypto';

/**
 * Transaction ids are UUIDv7 (RFC 9562): the first 48 bits are the click's time in milliseconds,
 * so a tid alone says which partition holds its click.
 */
// Random bytes drawn 4 KiB at a time: one system call per 256 ids instead of one per id.
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let poolOffset = POOL_IDS;

export function uuidv7(at: Date): string {
  if (poolOffset >= POOL_IDS) {
    pool = crypto.randomBytes(16 * POOL_IDS);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(16 * poolOffset, 16 * ++poolOffset));
  const ms = BigInt(at.getTime());
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The time a UUIDv7 carries, or null when the text is not one. */
export function uuidv7Time(id: string): Date | null {
  if (!UUID7.test(id)) return null;
  const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
  return new Date(ms);
}
