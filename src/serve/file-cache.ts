// Prebuilt API answers held in memory, with their encodings and validators computed once. A build
// never changes in place, so an answer is read from disk once per build; the cache is emptied when a
// new build is swapped in. Measured on 2,000 notices (scripts/bench-serve.js): serve-handler's path
// (several stats, a header-rule match and a stream per request) gave 1,077 req/s against nginx's
// 5,716 on the same files; this path is what makes serve a production origin.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { COMPRESS_MIN_BYTES, compressPair, isCompressible } from '../write/compress.js';
import { buildIdentity } from './build-identity.js';

/** How long a build is taken to be the current one before the state file is looked at again. */
const CHECK_MS = 100;

export interface CachedFile {
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  /** Strong validator of the identity bytes; encodings append their name. */
  etag: string;
  lastModified: string;
}

export class FileCache {
  private readonly files = new Map<string, CachedFile>();
  private bytes = 0;
  private build = '';
  private checkedAt = -Infinity;

  constructor(
    private readonly dir: string,
    private readonly maxBytes = 128 * 1024 * 1024,
  ) {}

  /** The file at `relative` (already made safe by the router), or null when there is none. */
  async get(relative: string): Promise<CachedFile | null> {
    // A hit needs no system call: the build is looked at again at most every CHECK_MS.
    if (performance.now() - this.checkedAt < CHECK_MS) {
      const hit = this.files.get(relative);
      if (hit) return this.touch(relative, hit);
    }
    let build = await buildIdentity(this.dir);
    this.checkedAt = performance.now();
    // Between the writer's two renames the folder is briefly missing: wait for the new one.
    for (let tries = 0; build === '' && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      build = await buildIdentity(this.dir);
    }
    if (build !== this.build) this.clear(build);
    const hit = this.files.get(relative);
    if (hit) return this.touch(relative, hit);
    const file = await this.read(relative);
    // A swap while reading could pair bytes of two builds, or find the folder briefly gone: read again.
    if ((await buildIdentity(this.dir)) !== build) return this.read(relative);
    if (file) this.store(relative, file);
    return file;
  }

  /** Least recently used last: Map order is the eviction order. */
  private touch(relative: string, file: CachedFile): CachedFile {
    this.files.delete(relative);
    this.files.set(relative, file);
    return file;
  }

  private async read(relative: string): Promise<CachedFile | null> {
    const full = path.join(this.dir, relative);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return null;
    const [identity, gzip, br] = await Promise.all([
      // Gone between stat and read (a swap): as if it had never been there; get() reads again.
      readFile(full).catch(() => null),
      readFile(`${full}.gz`).catch(() => null),
      readFile(`${full}.br`).catch(() => null),
    ]);
    if (identity === null) return null;
    const [gzipped, brotli] = gzip || br || !worthCompressing(relative, identity) ? [gzip, br] : compressPair(zlib, identity);
    return {
      identity,
      gzip: gzipped,
      br: brotli,
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      lastModified: info.mtime.toUTCString(),
    };
  }

  private store(relative: string, file: CachedFile): void {
    const size = sizeOf(file);
    if (size > this.maxBytes / 4) return;
    this.files.set(relative, file);
    this.bytes += size;
    for (const [key, old] of this.files) {
      if (this.bytes <= this.maxBytes) break;
      this.files.delete(key);
      this.bytes -= sizeOf(old);
    }
  }

  private clear(build: string): void {
    this.files.clear();
    this.bytes = 0;
    this.build = build;
  }
}

/**
 * Files the build left without compressed copies (under PRECOMPRESS_MIN_BYTES) are compressed here
 * once, when first read, and kept with the file: a few hundred microseconds for a file of a few KiB.
 */
const worthCompressing = (relative: string, bytes: Buffer): boolean => bytes.byteLength >= COMPRESS_MIN_BYTES && isCompressible(relative);

const sizeOf = (file: CachedFile): number => file.identity.byteLength + (file.gzip?.byteLength ?? 0) + (file.br?.byteLength ?? 0);
