import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A raw GET (no client-side decoding), so the test sees the bytes and headers as sent. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('the built web app', () => {
  let t: TestApp;
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
  beforeAll(async () => {
    // A build as apps/web's build script leaves it: assets with .br and .gz copies beside them.
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(() => t.close());

  it('sends the Brotli copy of an asset to a browser that takes it, cached for a year', async () => {
    const r = await rawGet(`${t.url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.body.length).toBeLessThan(script.length / 4);
    expect(zlib.brotliDecompressSync(r.body).toString()).toBe(script);
  });

  it('sends gzip where Brotli is not accepted, and the plain file where nothing is', async () => {
    const gz = await rawGet(`${t.url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await rawGet(`${t.url}/assets/app-abc123.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers a screen address with index.html and a missing asset with 404', async () => {
    const page = await rawGet(`${t.url}/reports/daily`, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body.toString()).toContain('<div id="root">');
    const missing = await rawGet(`${t.url}/assets/nope-000.js`, { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
  });
});
