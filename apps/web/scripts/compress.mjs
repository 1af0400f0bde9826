#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy next to each compressible file of dist/ (scripts,
// styles, markup, SVG, JSON, the web manifest) so the server sends them as they are
// (@fastify/static `preCompressed`, ADR 051) instead of compressing on every request. A copy
// that would not save at least a tenth is not written: the server then sends the file itself.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// The folder: dist/ of the web app, or the one given (the server's route test compresses its own).
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../dist"));
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a response fits in one packet anyway (the server's on-the-fly threshold too). */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
let count = 0;
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const source = readFileSync(file);
  if (source.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
  const worth = (copy) => copy.length <= source.length * 0.9;
  if (worth(brotli)) writeFileSync(`${file}.br`, brotli);
  if (worth(gzip)) writeFileSync(`${file}.gz`, gzip);
  raw += source.length;
  br += Math.min(brotli.length, source.length);
  gz += Math.min(gzip.length, source.length);
  count++;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`compressed ${count} files in dist/: ${kb(raw)} → br ${kb(br)}, gzip ${kb(gz)}`);
