/** The tab's texts, in one place for the components and their tests. */
export const API_KEY_MESSAGES = {
  created: 'API key created. Copy it now: it is not shown again.',
  createFailed: 'The API key could not be created. Please try again.',
  revoked: 'API key revoked. Requests with it are refused from now on.',
  revokeFailed: 'The API key could not be revoked. Please try again.',
  loadFailed: 'Your API keys could not be loaded.',
  empty: 'No API keys yet. Create one to call the API from your own tools.',
  nameRequired: 'Please give the key a name.',
} as const;
