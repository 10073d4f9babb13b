/** Kept free of zod so the web app's entry can import it without the schema library. */
/** Error codes of docs/errors.md, as the hex strings the web app reads. */
export const ERROR_CODES = {
  SERVER: '0x500',
  BAD_CREDENTIALS: '0x401',
  PENDING_APPROVAL: '0x4101',
  MISSING: '0x4001',
  MISSING_ALT: '0x4002',
  BAD_FORMAT: '0x4010',
  TOO_SHORT_OR_INVALID: '0x4011',
  NOTHING_SELECTED: '0x4013',
  MISMATCH: '0x4014',
  ALREADY_EXISTS: '0x4015',
  /** Codes beyond the spec's catalogue, for calls it does not describe. */
  UNAUTHENTICATED: '0x4100',
  FORBIDDEN: '0x4030',
  NOT_FOUND: '0x4040',
  CONFLICT: '0x4090',
  VALIDATION: '0x4220',
  RATE_LIMITED: '0x4290',
  PAYLOAD_TOO_LARGE: '0x4130',
  UNSUPPORTED_MEDIA_TYPE: '0x4150',
  UNAVAILABLE: '0x5030',
  /** A tracking call made by one of this portal's own postback deliveries (a loop). */
  LOOP_DETECTED: '0x5080',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
