// Compressed copies (`x.json.gz`, `x.json.br`) of text files, so neither `statuspress serve` nor nginx
// (gzip_static) compresses on every request. Only files of PRECOMPRESS_MIN_BYTES and more get copies:
// below that, per-file set-up dominates, and the many small API files took most of the compression
// time and doubled the files written, for a small share of the bytes. The server compresses those
// when first asked for (serve caches the result; nginx has `gzip on`; CDNs compress).
// Levels: gzip 4 and brotli 3 are much faster than 6 and 4, for files only slightly larger.
import * as zlib from 'node:zlib';
import { STATE_DIR } from '../routes/files.js';

// 8 KiB, not 4: most notice pages of the HTML site fall between the two, and their copies doubled
// the compression work of a build; few API files do.
export const PRECOMPRESS_MIN_BYTES = 8192;
/** Under a kilobyte, the headers cost more than compression saves. */
export const COMPRESS_MIN_BYTES = 1024;

export const COMPRESSIBLE = /\.(?:json|html|css|js|svg|xml|atom|ics|txt)$/;

/**
 * Files for statuspress itself (the build state, the nginx file), not part of the site (serve and the
 * generated nginx and Netlify configurations refuse them): no copies.
 */
export const UNSERVED_PREFIX = `${STATE_DIR}/`;

/** Whether a file's type is worth compressing (text, not images or fonts); its size is judged apart. */
export const isCompressible = (file: string): boolean => COMPRESSIBLE.test(file);

export function warrantsCopies(file: string, bytes: number): boolean {
  return bytes >= PRECOMPRESS_MIN_BYTES && COMPRESSIBLE.test(file) && !file.startsWith(UNSERVED_PREFIX);
}

const GZIP: zlib.ZlibOptions = { level: 4 };
const brotli = (input: Uint8Array): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    // Without the size hint brotli sets up a window for 4 MiB inputs on every call.
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength,
  },
});

/** gzip and brotli encodings of input: the build's copies, and what serve compresses once and keeps. */
export const compressPair = (input: Uint8Array): [gzip: Buffer, br: Buffer] => [zlib.gzipSync(input, GZIP), zlib.brotliCompressSync(input, brotli(input))];
