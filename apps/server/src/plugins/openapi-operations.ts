/**
 * What the API document says of each operation beyond its route's schema (plugins/openapi.ts): the
 * summaries routes do not give themselves, and the error answers a route's schema cannot tell (a
 * throttle, a pending account). Everything else is derived: the operationId from the path, the
 * security from the route's authentication hook, and most error answers from the schema.
 */

/** Summaries by operationId, for the routes that do not set `summary` themselves. */
export const SUMMARIES: Record<string, string> = {
  health: "The server's and the database's state",
  userAuthenticate: 'Log in with e-mail and password',
  userTwoFactorAuthenticationVerifyCode: 'Finish a log-in with the two-factor code or a recovery code',
  multiLogin: 'The accounts a user may choose between',
  impersonate: 'Exchange the account choice for a token of that account',
  userExchangeLoginCode: 'Log in with a one-time login code',
  userLogout: "End this token's session",
  userLogoutAll: 'End every session of the user, this one too',
  userTwoFactorAuthenticationStatus: 'Whether two-factor authentication is on, and the recovery codes left',
  userTwoFactorAuthenticationSetup: 'Start enrolling in two-factor authentication (needs the password)',
  userTwoFactorAuthenticationEnable: 'Turn two-factor authentication on with a first code',
  userTwoFactorAuthenticationDisable: 'Turn two-factor authentication off with a code or a recovery code',
  publisherSignUp: 'Sign up as a publisher (or check the fields so far, `speculative`)',
  sendResetPasswordToken: 'E-mail a password reset link (the same answer whether the e-mail has an account or not)',
  verifyResetPasswordToken: 'Whether a password reset link still works',
  resetPassword: 'Set a new password with a reset link',
  userMeJson: 'The signed-in user, with the account manager',
  manager: "The publisher's account manager",
  user: "The user's profile: time zone and notification subscriptions",
  userUpdate: "Change the user's time zone",
  userUpdatePassword: 'Change the password (earlier tokens stop; a new one is returned)',
  userUpdateNotification: 'Choose the e-mail notifications',
  timezone: 'The time zones a profile may take',
  businessUnitGetByDomain: "The business unit of a domain (or its nearest parent's)",
  countryCodes: 'The countries (ISO 3166-1 alpha-2)',
  regionCodes: "A country's regions",
  reportCampaign: 'Campaign summary: a page of rows per offer',
  reportDaily: "Daily summary: a page of rows per day in the user's time zone",
  reportHourly: "Hourly summary: a page of rows per hour in the user's time zone",
  reportLandingPage: 'Landing page summary: a page of rows per landing page',
  reportSubId: 'Sub-affiliate summary: a page of rows per sub ID',
  reportConversion: 'Conversion report: a page of conversions',
  reportClick: 'Click report: a page of clicks',
  reportReferral: 'Referral report: commissions on referred publishers',
  reportTotalCampaign: 'Totals of the campaign summary',
  reportTotalDaily: 'Totals of the daily summary',
  reportTotalHourly: 'Totals of the hourly summary',
  reportTotalLandingPage: 'Totals of the landing page summary',
  reportTotalSubId: 'Totals of the sub-affiliate summary',
  weekToDateSummary: 'Earnings since Monday',
  monthToDateSummary: 'Earnings since the first of the month',
  notificationsGetNotificationTableData: 'A page of notifications, filtered by read and urgent',
  notificationsGetNotificationModalData: 'The newest unread notifications',
  notificationsGetNotificationById: 'One notification',
  notificationsSetNotificationAsReadById: 'Mark a notification read',
  invoiceList: 'A page of invoices',
  invoice: 'One invoice with its lines',
  invoicePdf: 'One invoice as a PDF file, to print or keep',
  reportCampaignExport: 'Start a CSV export of the campaign summary',
  reportDailyExport: 'Start a CSV export of the daily summary',
  reportHourlyExport: 'Start a CSV export of the hourly summary',
  reportLandingPageExport: 'Start a CSV export of the landing page summary',
  reportSubIdExport: 'Start a CSV export of the sub-affiliate summary',
  reportConversionExport: 'Start a CSV export of the conversion report',
  reportClickExport: 'Start a CSV export of the click report',
  reportReferralExport: 'Start a CSV export of the referral report',
  reportExportStatus: "An export's state, and its signed download link once done",
  reportExportDownloadById: 'Download a finished export (the signed link of its status)',
};

/** Error answers a route's schema cannot tell, by operationId. */
export const MORE_ERRORS: Record<string, number[]> = {
  // Bad credentials, an account pending approval or not active, attempts throttled.
  userAuthenticate: [401, 403, 429],
  userExchangeLoginCode: [401, 403, 429],
  userTwoFactorAuthenticationVerifyCode: [429],
  // Not the caller's user, or not a linked and active account.
  impersonate: [404],
  // A postback named in the filters or the body that is not the publisher's.
  postbackDeliveryLog: [404],
  postbackDeliveryPreview: [404],
  userTwoFactorAuthenticationSetup: [429],
  userTwoFactorAuthenticationEnable: [429],
  userTwoFactorAuthenticationDisable: [429],
  userUpdatePassword: [429],
  // The daily sign-up limit, and per address.
  publisherSignUp: [429],
  sendResetPasswordToken: [429],
  verifyResetPasswordToken: [429],
  resetPassword: [429],
  // Hourly quotas of the account (docs/limits.md).
  postbackCreate: [429],
  postbackUpdate: [429],
  postbackSigningSecretRotate: [429],
  reportCampaignExport: [429],
  reportDailyExport: [429],
  reportHourlyExport: [429],
  reportLandingPageExport: [429],
  reportSubIdExport: [429],
  reportConversionExport: [429],
  reportClickExport: [429],
  reportReferralExport: [429],
  // A bearer token sent with the signed link, and wrong.
  reportExportDownloadById: [401],
};

/** The groups operations are listed under. */
export const TAGS: { name: string; description: string }[] = [
  { name: 'session', description: 'Log in (password, two-factor, account choice, login codes) and out.' },
  { name: 'two-factor', description: 'Two-factor authentication of the signed-in user.' },
  { name: 'sign-up', description: 'Publisher sign-up and what its form needs.' },
  { name: 'password-reset', description: 'Reset a forgotten password by e-mailed link.' },
  { name: 'account', description: "The signed-in user's profile, password and notifications." },
  { name: 'offers', description: 'The offers the publisher may run, with tracking links and creatives.' },
  { name: 'postbacks', description: "The publisher's pixels and postbacks, and the secret that signs postbacks." },
  { name: 'postback deliveries', description: 'Each postback delivery attempt, replays and test sends.' },
  { name: 'reports', description: 'The eight reports, their totals, and the earnings summaries.' },
  { name: 'exports', description: 'CSV exports of the reports: start, poll, download.' },
  { name: 'invoices', description: "The publisher's monthly invoices." },
  {
    name: 'payment details',
    description: 'Where the publisher is paid: read, and changed behind the current password (session only).',
  },
  { name: 'notifications', description: "The publisher's notifications." },
  { name: 'api keys', description: 'API keys for calling the reports, offers and postbacks from a program.' },
  { name: 'health', description: 'Whether the server and its database are up.' },
  {
    name: 'tracking',
    description:
      "Clicks, advertisers' conversion calls and pixels (docs/tracking.md), at the tracking address (PUBLIC_TRACKING_URL).",
  },
  {
    name: 'admin',
    description:
      "The operator API (docs/operator-console.md): the network's side, for its staff, with operator tokens.",
  },
];

/**
 * An operation's id from its path: `/api/v1/report/daily` → `reportDaily`,
 * `/api/v1/report/export/download/{id}` → `reportExportDownloadById`, `/api/admin/v1/operators` →
 * `adminOperators`. The version is left out; several methods on one path are told apart by
 * plugins/openapi.ts.
 */
export function operationIdOf(url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    // The version is the document's, not the operation's: /api/admin/v1/operators → adminOperators.
    .filter((segment) => segment && !/^v\d+$/.test(segment))
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', ...param[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/** What each error status means, as every operation's answers describe it. */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The body is not valid JSON (code 0x4010).',
  401: 'Not authenticated: no token or key, or one that is wrong, expired, revoked or of another kind (0x4100); bad credentials where some are sent (0x401).',
  403: 'Not allowed: the account is pending approval (0x4101) or not active, or the link does not open this (0x4030).',
  404: "Not found, or another publisher's: the answer never tells which (0x4040).",
  413: 'The body is larger than the server accepts (0x4130).',
  415: 'The body is not JSON (0x4150).',
  422: 'A field is missing or wrong: `errors` names each field with its code (0x4001 missing, 0x4010 format, 0x4011 too short or invalid, …); the whole answer is 0x4220.',
  429: "Too many requests: a throttle, a quota or an API key's rate limit (0x4290). `Retry-After` says when to try again.",
  500: 'A fault on our side; nothing internal is said (0x500).',
  503: 'The database is briefly unavailable (0x5030). `Retry-After` says when to try again.',
};

/** An operation as far as its error answers go: what it takes, and who may call it. */
export interface OperationShape {
  operationId: string;
  /** Its JSON body's schema, if it takes one. */
  body?: { required?: string[]; properties?: Record<string, unknown> } | undefined;
  /** Its query and path parameters. */
  parameters: { name: string; in: string; required?: boolean }[];
  security: Record<string, string[]>[];
}

/** A field that names one object: another publisher's, or none, answers 404. */
const isIdField = (name: string, schema: unknown) => {
  if (name !== 'id' && !name.endsWith('_id')) return false;
  const type = (schema as { type?: unknown } | undefined)?.type;
  return type === 'integer' || type === 'number' || type === 'string';
};

/**
 * The error statuses an operation answers: 400, 413, 415 and 422 when it takes a body, 422 for
 * its query and path parameters, 401 when it needs a session or key, 429 when a key may call it
 * (its rate limit), 403 when a key needs a scope beyond `read` or an operator a role, 404 when a required field or
 * parameter names one object, and 500 and 503 always; plus MORE_ERRORS.
 */
export function errorStatuses(op: OperationShape): number[] {
  const statuses = new Set<number>([500, 503, ...(MORE_ERRORS[op.operationId] ?? [])]);
  if (op.body) [400, 413, 415, 422].forEach((s) => statuses.add(s));
  if (op.parameters.some((p) => p.in === 'query' || p.in === 'path')) statuses.add(422);
  if (op.security.length > 0) statuses.add(401);
  if (op.security.some((s) => 'apiKeyBearer' in s || 'apiKeyHeader' in s)) statuses.add(429);
  // A key of too small a scope, or an operator whose role is below the route's.
  if (op.security.some((s) => Object.values(s).some((roles) => roles.length > 0) || 'operatorBearer' in s))
    statuses.add(403);
  const bodyIds = Object.entries(op.body?.properties ?? {}).filter(
    ([name, schema]) => op.body?.required?.includes(name) && isIdField(name, schema),
  );
  const paramIds = op.parameters.filter((p) => p.required && (p.name === 'id' || p.name.endsWith('_id')));
  if (bodyIds.length > 0 || paramIds.length > 0) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}
