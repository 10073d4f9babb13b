/** Paths of the publisher API v1, relative to API_BASE (DESIGN.md §3). */
export const API_BASE = '/api/v1';

export const API_PATHS = {
  authenticate: '/user/authenticate',
  verifyCode: '/user/two-factor-authentication/verify-code',
  twoFactorStatus: '/user/two-factor-authentication/status',
  twoFactorSetup: '/user/two-factor-authentication/setup',
  twoFactorEnable: '/user/two-factor-authentication/enable',
  twoFactorDisable: '/user/two-factor-authentication/disable',
  multiLogin: '/multi-login',
  impersonate: '/impersonate',
  signUp: '/publisher/sign-up',
  businessUnitByDomain: '/business-unit/get-by-domain',
  countryCodes: '/country-codes',
  regionCodes: '/region-codes',
  sendResetToken: '/send-reset-password-token',
  verifyResetToken: '/verify-reset-password-token',
  resetPassword: '/reset-password',
  manager: '/manager',
  me: '/user/me.json',
  user: '/user',
  updateUser: '/user/update',
  updatePassword: '/user/update-password',
  updateNotification: '/user/update-notification',
  timezone: '/timezone',
} as const;
