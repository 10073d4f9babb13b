/** An OpenAPI security requirement: scheme names (components.securitySchemes) to scopes. */
export type SecurityRequirement = Record<string, string[]>;

/** A session token (`Authorization: Bearer <jwt>`). */
export const SESSION: SecurityRequirement[] = [{ bearer: [] }];

/**
 * The calls a publisher API key may make (reports, totals, offers, invoices; postbacks with scope
 * read_write): a session token or a key, in either header. Everything else (password, two-factor,
 * profile, key management) takes a session only.
 */
export const SESSION_OR_API_KEY: SecurityRequirement[] = [{ bearer: [] }, { apiKeyBearer: [] }, { apiKeyHeader: [] }];

/**
 * A session or a key of at least `scope`. A scope beyond `read` is named as the key schemes' role
 * (OpenAPI 3.1 lets a non-OAuth requirement list roles): a `read` key there answers 403.
 */
export const sessionOrApiKey = (scope: 'read' | 'read_write'): SecurityRequirement[] =>
  scope === 'read' ? SESSION_OR_API_KEY : [{ bearer: [] }, { apiKeyBearer: [scope] }, { apiKeyHeader: [scope] }];

const byHook = new WeakMap<object, SecurityRequirement[]>();

/**
 * Marks an authentication hook with what it admits, so the API document says it of every route
 * the hook guards (plugins/openapi.ts) without each route saying it again.
 */
export function admits<T extends object>(hook: T, security: SecurityRequirement[]): T {
  byHook.set(hook, security);
  return hook;
}

/** What a route's hooks (one, a list, or none) admit: none marked means a public route. */
export function securityOf(...hooks: unknown[]): SecurityRequirement[] {
  for (const hook of hooks.flat())
    if (hook && typeof hook === 'function') {
      const security = byHook.get(hook);
      if (security) return security;
    }
  return [];
}
