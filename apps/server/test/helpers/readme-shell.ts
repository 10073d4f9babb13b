import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const README = path.join(ROOT, 'README.md');
/** The address the README's commands name: the portal of `npm start`. */
export const README_URL = 'http://localhost:8080';

/** The ```sh blocks of a document of the repository (`docs/api-keys.md`), in order. */
export function docShellBlocks(file: string): string[] {
  return shellBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8'));
}

/** The ```sh blocks of one `## ` section of the README, in order. */
export function readmeShellBlocks(heading: string, markdown = fs.readFileSync(README, 'utf8')): string[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README has no "${heading}" section`);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end);
  return shellBlocks(section);
}

const shellBlocks = (markdown: string) => [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());

export interface ShellRun {
  block: string;
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A terminal for README blocks: each block runs with bash (`set -euo pipefail`), the README's
 * address replaced by the test server's (and whatever else `localise` replaces), and the shell
 * variables it sets carried to the next block.
 */
export function readmeTerminal(serverUrl: string, localise: (block: string) => string = (b) => b) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-readme-'));
  const state = path.join(work, 'state.sh');
  return {
    run(block: string, variables: string[]): Promise<ShellRun> {
      const script = [
        'set -euo pipefail',
        `[ -f ${state} ] && . ${state}`,
        localise(block.replaceAll(README_URL, serverUrl)),
        `declare -p ${variables.join(' ')} > ${state} 2>/dev/null || true`,
      ].join('\n');
      return new Promise((resolve, reject) => {
        const child = spawn('bash', ['-c', script], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve({ block, code, stdout, stderr });
        });
      });
    },
    close: () => fs.rmSync(work, { recursive: true, force: true }),
  };
}

/** Shell variables the blocks assign (`NAME=…` at a line's start). */
export const assignedVariables = (blocks: string[]) => [
  ...new Set(blocks.flatMap((b) => [...b.matchAll(/^([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1]!))),
];
