/**
 * Writes .br and .gz copies of the built web app's text files, so the server sends them
 * compressed without spending CPU on every request (@fastify/static preCompressed).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve('dist/web');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      walk(file);
    } else if (COMPRESSIBLE.test(name)) {
      const content = readFileSync(file);
      if (content.length < 512) continue;
      const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      files++;
      before += content.length;
      after += br.length;
    }
  }
}

walk(root);
console.log(
  `compressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`,
);
