import fs from 'node:fs';
import path from 'node:path';
import { workerServer } from './worker-server.ts';

/** The newest password reset link e-mailed to this address (the server writes mail to DATA_DIR/outbox). */
export async function resetLinkFor(email: string, since: number, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(workerServer().dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(dir)) {
      const files = fs
        .readdirSync(dir)
        .map((f) => path.join(dir, f))
        .filter((f) => fs.statSync(f).mtimeMs >= since)
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
      for (const f of files) {
        const text = fs.readFileSync(f, 'utf8');
        if (!text.includes(email)) continue;
        const m = /\/forgot-password\/([A-Za-z0-9_-]+)/.exec(text.replace(/=\r?\n/g, ''));
        if (m) return `/forgot-password/${m[1]}`;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset e-mail for ${email}`);
}
