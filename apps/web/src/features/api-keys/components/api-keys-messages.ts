import type { ApiKeyScope } from '@portal/shared/api-keys/api-keys.constants';

/** The tab's texts, in one place for the components and their tests. */
export const API_KEY_MESSAGES = {
  created: 'API key created. Copy it now: it is not shown again.',
  createFailed: 'The API key could not be created. Please try again.',
  revoked: 'API key revoked. Requests with it are refused from now on.',
  revokeFailed: 'The API key could not be revoked. Please try again.',
  loadFailed: 'Your API keys could not be loaded.',
  empty: 'No API keys yet. Create one to call the API from your own tools.',
  nameRequired: 'Please give the key a name.',
  badPassword: 'Invalid credentials.',
  badCode: 'Invalid code',
  /** What ends a key, said where keys are made. */
  lifecycle:
    'A key stops working when it expires or you revoke it. Every key of yours stops at once when you use Log out ' +
    'everywhere, reset your password, or turn two-factor authentication on or off. Changing your password keeps them.',
} as const;

/** How the form and the list name a scope. */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read: reports, offers, invoices',
  read_write: 'Read and write: also postbacks',
};

/** The list's short form. */
export const SCOPE_SHORT: Record<ApiKeyScope, string> = { read: 'Read', read_write: 'Read & write' };
