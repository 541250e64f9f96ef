// Precompressed siblings (`x.json.gz`, `x.json.br`) for text files, so neither `statuspress serve`
// nor nginx (gzip_static) compresses on every request. Small files are left alone: under a
// kilobyte, the headers cost more than compression saves.
//
// Measured on 10,000 notices (12,700 files, 64 MB): zlib's async API took 7.5 s (a stream set up per
// call); the sync API 3.2 s on one core. So the sync API runs in worker threads, one per core. The
// worker is inline code (node built-ins only), so it runs the same from src/ under test and from lib/.
// Levels: gzip 4 and brotli 3 take a third less time than 6 and 4 for 2-5% larger files (2,000
// notices: 431 ms against 655 ms on one core).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { OutputFile } from './types.js';

export const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /\.(?:json|html|css|js|svg|xml|atom|ics|txt)$/;

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const out = workerData.map((input) => {
  const gz = zlib.gzipSync(input, { level: 4 });
  // Without the size hint brotli sets up a window for 4 MiB inputs on every call: 5x slower here.
  const br = zlib.brotliCompressSync(input, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
  } });
  // zlib's results are views on larger chunks; copy them tight so posting moves only their bytes.
  return [new Uint8Array(gz), new Uint8Array(br)];
});
parentPort.postMessage(out, out.flat().map((a) => a.buffer));
`;

const encoder = new TextEncoder();

/** The `.gz` and `.br` files for every compressible file of at least MIN_COMPRESS_BYTES. */
export async function compressFiles(files: OutputFile[]): Promise<OutputFile[]> {
  const todo = files
    .filter((f) => COMPRESSIBLE.test(f.path))
    // TextEncoder gives each input its own exact buffer (Buffer.from may share an 8 KiB pool, all of
    // which would be copied to the worker).
    .map((f) => ({ path: f.path, input: typeof f.contents === 'string' ? encoder.encode(f.contents) : f.contents }))
    .filter((f) => f.input.byteLength >= MIN_COMPRESS_BYTES);
  if (todo.length === 0) return [];
  const threads = Math.max(1, Math.min(availableParallelism(), Math.ceil(todo.length / 64)));
  const chunks = Array.from({ length: threads }, (_, t) => todo.filter((_, i) => i % threads === t));
  const results = await Promise.all(chunks.map((chunk) => runWorker(chunk.map((f) => f.input))));
  const out: OutputFile[] = [];
  chunks.forEach((chunk, t) =>
    chunk.forEach((file, i) => {
      const [gz, br] = results[t]![i]!;
      out.push({ path: `${file.path}.gz`, contents: gz }, { path: `${file.path}.br`, contents: br });
    }),
  );
  return out;
}

function runWorker(inputs: Uint8Array[]): Promise<[Uint8Array, Uint8Array][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: inputs });
    worker.once('message', (out: [Uint8Array, Uint8Array][]) => resolve(out));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`compression worker exited with code ${code}`));
    });
  });
}
