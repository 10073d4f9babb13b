/**
 * Payment details (docs/money.md "Payment details and payments"), without zod: the profile's tab
 * and the console read these.
 */
export const PAYMENT_METHODS = ['paypal', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paypal: 'PayPal',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

/** How long payment waits after the details change. */
export const PAYMENT_PAUSE_HOURS = 72;

export const PAYMENT_DETAILS_MAX = {
  paypal_email: 256,
  account_holder: 128,
  iban: 42,
  account_number: 34,
  swift: 11,
  note: 1000,
} as const;

/** A value masked for operators: bullets but for its last four characters. */
export function maskValue(value: string): string {
  const v = value.replace(/\s+/g, '');
  if (v.length <= 4) return '•'.repeat(v.length);
  return `${'•'.repeat(Math.min(v.length - 4, 8))}${v.slice(-4)}`;
}

/** An IBAN in its printed form: upper case, groups of four. */
export const formatIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})/g, '$1 ')
    .trim();

/** Whether an IBAN's check digits are right (ISO 13616, mod 97 = 1); spaces are ignored. */
export function ibanIsValid(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' ? ch.charCodeAt(0) - 55 : Number(ch);
    rest = Number(`${rest}${n}`) % 97;
  }
  return rest === 1;
}

/** A SWIFT/BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export const swiftIsValid = (raw: string) =>
  /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(raw.trim().toUpperCase());
