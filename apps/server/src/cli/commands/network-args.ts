/** Argument parsers of the network commands (commander calls them; a bad value throws a plain message). */

export const id = (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`not an id: ${v}`);
  return n;
};
export const num = (v: string) => {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new Error(`not a number: ${v}`);
  return n;
};
export const int = (v: string) => {
  const n = num(v);
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${v}`);
  return n;
};
export const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
/** `none` clears an optional value (kept as the word: commander turns a parser's null into ''). */
export const orNone =
  <T>(parse: (v: string) => T) =>
  (v: string): T | 'none' =>
    v === 'none' ? 'none' : parse(v);
export const cleared = <T>(v: T | 'none'): T | null => (v === 'none' ? null : v);
export const oneOf =
  <T extends string>(values: readonly T[], what: string) =>
  (v: string): T => {
    if (!(values as readonly string[]).includes(v)) throw new Error(`${what} must be one of ${values.join(', ')}`);
    return v as T;
  };
