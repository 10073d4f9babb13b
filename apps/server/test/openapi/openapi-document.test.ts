import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const root = path.resolve(import.meta.dirname, '../../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/**
 * The API document as other tools use it (/api/docs/json): publishers generate clients from it.
 * It does not depend on the database, so it is checked once, on the embedded one.
 */
describe.skipIf(testDbKind() !== 'pglite')('OpenAPI: the document other tools read', () => {
  let t: TestApp;
  let doc: Document;
  let dir: string;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([url, item]) =>
      Object.entries(item).map(([method, op]) => ({ url, method, op })),
    );

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://portal.example.net' });
    const r = await fetch(`${t.url}/api/docs/json`);
    expect(r.status).toBe(200);
    doc = (await r.json()) as Document;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-'));
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives every operation a unique operationId, a summary, a listed tag and its security', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(70);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size, 'operationIds repeat').toBe(ops.length);
    const tags = new Set((doc.tags ?? []).map((tag) => tag.name));
    for (const { url, method, op } of ops) {
      const where = `${method.toUpperCase()} ${url}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.summary, where).toBeTruthy();
      expect(op.tags?.length, where).toBe(1);
      expect(tags.has(op.tags![0]!), `${where}: tag ${op.tags![0]} not listed`).toBe(true);
      expect(Array.isArray(op.security), where).toBe(true);
    }
    expect(doc.paths['/api/v1/report/daily']?.['post']?.operationId).toBe('reportDaily');
    expect(doc.servers).toEqual([{ url: 'https://portal.example.net', description: 'This portal' }]);
  });

  it('answers errors in the error shape, by status, as each route is guarded and what it takes', () => {
    const errorsOf = (url: string, method = 'post') => {
      const responses = doc.paths[url]?.[method]?.responses ?? {};
      for (const [status, res] of Object.entries(responses))
        if (Number(status) >= 400)
          expect(res.content?.['application/json']?.schema?.$ref, `${url} ${status}`).toBe(
            '#/components/schemas/Error',
          );
      return Object.keys(responses)
        .filter((s) => Number(s) >= 400)
        .map(Number);
    };
    // A key of scope read_write may call it: 401, 403 (a read key) and the key's 429; a body: 400,
    // 413, 415, 422; an id: 404.
    expect(errorsOf('/api/v1/postback/update')).toEqual([400, 401, 403, 404, 413, 415, 422, 429, 500, 503]);
    // A session only, no id.
    expect(errorsOf('/api/v1/notifications/get-notification-table-data')).toEqual([400, 401, 413, 415, 422, 500, 503]);
    // Public, throttled, and what a log-in is refused with.
    expect(errorsOf('/api/v1/user/authenticate')).toEqual([400, 401, 403, 413, 415, 422, 429, 500, 503]);
    // A query and no body.
    expect(errorsOf('/api/v1/region-codes', 'get')).toEqual([422, 500, 503]);
    // The security comes from the route's hook, also where the route says none.
    expect(doc.paths['/api/v1/user/me.json']?.['get']?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/publisher/sign-up']?.['post']?.security).toEqual([]);
  });

  it('shows the tracking endpoints with their parameters and every answer they give', () => {
    const answers = (url: string, method: string) => Object.keys(doc.paths[url]?.[method]?.responses ?? {}).map(Number);
    const params = (url: string, method: string) =>
      ((doc.paths[url]?.[method] as { parameters?: { name: string; in: string }[] } | undefined)?.parameters ?? []).map(
        (p) => `${p.in}:${p.name}`,
      );
    const click = doc.paths['/c/{offerId}/{publisherId}']?.['get'];
    expect(click?.operationId).toBe('click');
    expect(click?.tags).toEqual(['tracking']);
    expect(click?.security).toEqual([]);
    expect(answers('/c/{offerId}/{publisherId}', 'get')).toEqual([302, 500, 503, 508]);
    expect(params('/c/{offerId}/{publisherId}', 'get')).toEqual(
      expect.arrayContaining([
        'path:offerId',
        'path:publisherId',
        'query:cr',
        'query:s1',
        'query:s5',
        'query:pub_source',
      ]),
    );
    for (const method of ['get', 'post']) {
      expect(doc.paths['/postback']?.[method]?.tags, method).toEqual(['tracking']);
      expect(answers('/postback', method), method).toEqual(
        expect.arrayContaining([200, 401, 403, 404, 409, 422, 429, 508]),
      );
      expect(params('/postback', method), method).toEqual(
        expect.arrayContaining(['query:tid', 'query:token', 'query:amount']),
      );
    }
    expect(answers('/postback', 'post')).toEqual(expect.arrayContaining([400, 413, 415]));
    expect(answers('/pixel', 'get')).toEqual([200, 404, 429, 500, 503]);
    expect(params('/pixel', 'get')).toEqual(expect.arrayContaining(['query:tid', 'query:sig']));
  });

  it("passes Redocly's recommended rules without an error", () => {
    const r = spawnSync(
      bin('redocly'),
      ['lint', path.join(dir, 'openapi.json'), '--extends', 'recommended', '--format', 'json'],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('makes a typed client that compiles', async () => {
    const types = astToString(await openapiTS(new URL(`file://${path.join(dir, 'openapi.json')}`)));
    fs.writeFileSync(path.join(dir, 'api.d.ts'), types);
    // A program of the kind a publisher writes against the generated types.
    fs.writeFileSync(
      path.join(dir, 'client.ts'),
      `import type { components, operations, paths } from './api.d.ts';
type Daily = operations['reportDaily'];
export const body: Daily['requestBody']['content']['application/json'] = {
  filters: { date_range: { start: '2026-11-01', end: '2026-11-07' }, offer_id: [1] },
  limit: 20,
  sort: 'day',
  order: -1,
};
type Rows = Daily['responses'][200]['content']['application/json']['data'];
export const day = (rows: Rows): string | undefined => rows[0]?.day;
export const refused: components['schemas']['Error'] = { error: { code: '0x4220', message: 'Please correct the highlighted fields.' } };
export type Path = keyof paths;
export const path: Path = '/api/v1/report/daily';
`,
    );
    const tsc = spawnSync(
      bin('tsc'),
      [
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--allowImportingTsExtensions',
        '--skipLibCheck',
        path.join(dir, 'client.ts'),
      ],
      { encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
