/**
 * UTF-8 and base64 written out, so the same code runs in the browser and in Node (no Buffer, no
 * btoa on non-Latin-1 text) and carries no dependency: keyset cursors and postback values use it.
 */
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function utf8Encode(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return out;
}

/** Strict UTF-8 decoding: null for overlong forms, surrogates, truncated or stray bytes. */
export function utf8Decode(bytes: ArrayLike<number>): string | null {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    let cp: number;
    let extra: number;
    let min: number;
    if (b < 0x80) {
      cp = b;
      extra = 0;
      min = 0;
    } else if (b >= 0xc2 && b < 0xe0) {
      cp = b & 31;
      extra = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b < 0xf0) {
      cp = b & 15;
      extra = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b < 0xf5) {
      cp = b & 7;
      extra = 3;
      min = 0x10000;
    } else return null;
    for (let k = 1; k <= extra; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return null;
      cp = (cp << 6) | (c & 63);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    out += String.fromCodePoint(cp);
    i += extra + 1;
  }
  return out;
}

export function base64UrlEncode(text: string): string {
  const bytes = utf8Encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64URL[(n >> 18) & 63]! + B64URL[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) out += B64URL[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) out += B64URL[n & 63]!;
  }
  return out;
}

/**
 * Decodes base64 (standard alphabet with padding, or base64url without) to bytes; null when the
 * text is not base64 at all.
 */
export function base64ToBytes(text: string, alphabet: 'standard' | 'url'): number[] | null {
  const valid =
    alphabet === 'url' ? /^[A-Za-z0-9_-]*$/ : /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
  if (!valid.test(text)) return null;
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) return null;
  const table = alphabet === 'url' ? B64URL : B64URL.slice(0, 62) + '+/';
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const ch of body) {
    acc = (acc << 6) | table.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  // Leftover bits must be zero, so each byte string has exactly one encoding.
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}
