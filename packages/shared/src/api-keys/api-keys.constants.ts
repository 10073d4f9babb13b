/** Kept free of zod so the web app can import it without the schema library. */

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'ppk_';

/**
 * A key is `ppk_` + 8 letters or digits (its public id, shown in lists and logs) + `_` + 43
 * base64url characters (32 random bytes, the secret part). Only its SHA-256 is stored.
 */
export const API_KEY_PATTERN = /^ppk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/;

/** `ppk_` and the 8-character id: what lists and the request log show of a key. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

export const API_KEY_NAME_MAX = 64;

/** Keys a publisher may hold at once (revoked and expired ones not counted). */
export const API_KEYS_PER_PUBLISHER = 20;

/** Requests one publisher account may make with all its keys together per minute. */
export const API_KEY_ACCOUNT_RATE_LIMIT = 300;

/** Every key expires: 90 days after it is made unless it asks for another day, at most a year. */
export const API_KEY_DEFAULT_EXPIRY_DAYS = 90;
export const API_KEY_MAX_EXPIRY_DAYS = 365;

/** Expiry choices offered by the web app, in days. */
export const API_KEY_EXPIRY_DAYS = [30, 90, 365] as const;
export type ApiKeyExpiryDays = (typeof API_KEY_EXPIRY_DAYS)[number];

/**
 * What a key may call. `read`: reports and totals, offers, invoices. `read_write`: those, and the
 * postbacks (list, create, update, delivery log, replay, send test), which can send every future
 * conversion elsewhere, so a key gets them only when asked for.
 */
export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_DEFAULT_SCOPE: ApiKeyScope = 'read';

export const API_KEY_STATUSES = ['active', 'expired'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];
