#!/usr/bin/env node
// Every Markdown document a source file, test or doc names must be in the repository: a comment that
// points at a document points at one a reader of this checkout can open. Run by `npm run lint`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\0')
  .filter((f) => f && fs.existsSync(f));
const markdown = new Set(tracked.filter((f) => f.endsWith('.md')));
const basenames = new Set([...markdown].map((f) => path.basename(f)));
const scanned = tracked.filter((f) => /\.(ts|tsx|mjs|js|md|css|html)$/.test(f) || f === '.ci/run');

// A path-like word ending in .md, not part of a URL.
const reference = /(?<![\w/.:-])((?:\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.md)\b/g;
const problems = [];
for (const file of scanned) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(reference)) {
      const name = m[1];
      const found = name.includes('/')
        ? markdown.has(path.normalize(name)) || markdown.has(path.normalize(path.join(path.dirname(file), name)))
        : basenames.has(name);
      if (!found) problems.push(`${file}:${i + 1}: names ${name}, which this repository does not have`);
    }
    // Written with an escape, so that this line does not cite what it looks for.
    if (/\bspec \u00a7/i.test(line))
      problems.push(`${file}:${i + 1}: cites "spec \u00a7": point at the project's docs/ instead`);
  });
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} reference(s) to documents outside the repository.`);
  process.exit(1);
}
console.log(`Document references: ${scanned.length} files checked, every named document is in the repository.`);
