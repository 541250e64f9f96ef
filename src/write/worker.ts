// The source of a write worker: it writes the files it is sent into the temporary output folder and
// the compressed copies of those that warrant them. Workers write while the main thread renders, and
// compression (the costliest part of writing) runs on the other cores.
//
// Inline source rather than a module file: a worker needs a JavaScript file on disk, and this code
// runs from src/ under the tests (TypeScript) and from the lib/ bundle. It uses Node's built-ins only;
// compressPair is inserted as source text, so serve and the build compress alike (it refers to
// nothing outside itself, so a bundler's renaming cannot break it).
import { COMPRESSIBLE, compressPair, PRECOMPRESS_MIN_BYTES, UNSERVED_PREFIX } from './compress.js';
import type { Batch } from './batch.js';

/**
 * Main → worker: a batch of files, or 'end' (answer with the totals, then exit). A batch is the files'
 * paths and their bytes in one transferred buffer (file i is bytes ends[i-1]..ends[i]): moving the
 * buffer costs nothing, where cloning 30 MB of strings took the main thread 0.4 s.
 */
export type ToWorker = Batch | 'end';
/** Worker → main. */
export type FromWorker = { done: { files: number; bytes: number } } | { error: string };

export interface WorkerData {
  root: string;
}

export const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const compressPair = ${compressPair.toString()};
const COMPRESSIBLE = ${COMPRESSIBLE.toString()};
const PRECOMPRESS_MIN_BYTES = ${PRECOMPRESS_MIN_BYTES};
const UNSERVED_PREFIX = ${JSON.stringify(UNSERVED_PREFIX)};
const { root } = workerData;
const made = new Set();
let files = 0;
let bytes = 0;
let failed = false;

function put(relative, data) {
  const full = path.join(root, relative);
  const dir = path.dirname(full);
  if (!made.has(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  fs.writeFileSync(full, data);
  files += 1;
  bytes += data.byteLength;
}

parentPort.on('message', (message) => {
  if (failed) return;
  try {
    if (message === 'end') {
      parentPort.postMessage({ done: { files, bytes } });
      parentPort.close();
      return;
    }
    const all = Buffer.from(message.bytes);
    message.paths.forEach((relative, i) => {
      const data = all.subarray(i === 0 ? 0 : message.ends[i - 1], message.ends[i]);
      put(relative, data);
      if (data.byteLength < PRECOMPRESS_MIN_BYTES || !COMPRESSIBLE.test(relative) || relative.startsWith(UNSERVED_PREFIX)) return;
      const [gzip, br] = compressPair(zlib, data);
      put(relative + '.gz', gzip);
      put(relative + '.br', br);
    });
  } catch (error) {
    failed = true;
    parentPort.postMessage({ error: error.message });
  }
});
`;
