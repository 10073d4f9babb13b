#!/usr/bin/env node
// Writes a Brotli (.br) and a gzip (.gz) copy beside every built text asset, so the server sends
// compressed files without compressing on each request (@fastify/static's preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024; // smaller files gain nothing worth a second lookup

let files = 0;
let before = 0;
let after = 0;
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') walk(file);
      continue;
    }
    if (!TEXT.test(entry.name)) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    files += 1;
    before += data.length;
    after += br.length;
  }
};
walk(dist);
console.log(`precompress: ${files} files, ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB Brotli`);
