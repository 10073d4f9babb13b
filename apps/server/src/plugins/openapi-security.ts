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

const byRoute = new WeakMap<object, SecurityRequirement[]>();

/**
 * Marks a route with what its scope's authentication hook admits, so the API document says it of
 * every route the scope guards (plugins/openapi.ts) without each route saying it again. Called by
 * the scope's onRoute hook (plugins/publisher-api.ts) with the route's options.
 */
export function markSecurity(route: object, security: SecurityRequirement[]): void {
  byRoute.set(route, security);
}

/** What a route's scope admits; undefined for a route no scope marked (public, or saying its own). */
export function securityOf(route: object): SecurityRequirement[] | undefined {
  return byRoute.get(route);
}
