import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * Runs the operator CLI (`npm run admin -- …`) in a process of its own, as an operator does, from
 * the bundle of the current sources that the global setup built.
 */
export function runAdmin(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [inject('adminBundle'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}
