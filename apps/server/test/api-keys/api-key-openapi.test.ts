import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface Operation {
  security?: Record<string, string[]>[];
}
interface OpenApi {
  components: {
    securitySchemes: Record<
      string,
      { type: string; scheme?: string; in?: string; name?: string; description?: string }
    >;
  };
  paths: Record<string, Record<string, Operation>>;
}

const schemesOf = (op: Operation | undefined) => (op?.security ?? []).flatMap((s) => Object.keys(s)).sort();

/** /api/docs describes the key: its two schemes, on the calls a key may make and on no other. */
describe('OpenAPI: the API key scheme', () => {
  let t: TestApp;
  let doc: OpenApi;

  beforeAll(async () => {
    t = await createTestApp({ API_KEY_RATE_LIMIT: '77' });
    const r = await fetch(`${t.url}/api/docs/json`);
    expect(r.status).toBe(200);
    doc = (await r.json()) as OpenApi;
  });
  afterAll(() => t.close());

  it('declares Bearer ppk_… and X-Api-Key with the rules and the configured limit', () => {
    const { apiKeyBearer, apiKeyHeader, bearer } = doc.components.securitySchemes;
    expect(bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(apiKeyBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(apiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    for (const s of [apiKeyBearer!, apiKeyHeader!]) {
      expect(s.description).toContain('ppk_');
      expect(s.description).toContain('77 requests per key');
      expect(s.description).toContain('Retry-After');
    }
  });

  it('offers the key on reports, totals, offers, invoices and postbacks, and only a session elsewhere', () => {
    const both = ['apiKeyBearer', 'apiKeyHeader', 'bearer'];
    for (const path of [
      '/api/v1/report/daily',
      '/api/v1/invoice-list',
      '/api/v1/report-total/campaign',
      '/api/v1/offer-list',
      '/api/v1/postback-table',
      '/api/v1/postback/create',
      '/api/v1/postback-delivery/log',
    ])
      expect(schemesOf(doc.paths[path]?.['post']), path).toEqual(both);
    expect(schemesOf(doc.paths['/api/v1/search']?.['get'])).toEqual(both);
    for (const path of [
      '/api/v1/user/update-password',
      '/api/v1/user/two-factor-authentication/status',
      '/api/v1/user',
      '/api/v1/api-key-list',
      '/api/v1/api-key/create',
      '/api/v1/api-key/revoke',
      '/api/v1/postback-signing-secret',
    ])
      expect(schemesOf(doc.paths[path]?.['post']), path).toEqual(['bearer']);
  });
});
