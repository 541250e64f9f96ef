// The prebuilt files of one build, held in memory with their encodings and validators computed
// once. A build never changes, so a file is read from disk once; a new build gets a new cache (see
// current-build.ts). serve-handler's path (several stats, a header-rule match and a stream per
// request) answered far fewer requests than nginx on the same files (scripts/bench-serve.js); this
// path is what makes serve a production origin.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { COMPRESS_MIN_BYTES, compressPair, isCompressible } from '../write/compress.js';

export interface CachedFile {
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  /** Strong validator of the identity bytes; encodings append their name. */
  etag: string;
  lastModified: string;
}

/** The prebuilt files of one build, read on first request with their compressed copies, kept up to `maxBytes`. */
export class FileCache {
  private readonly files = new Map<string, CachedFile>();
  private bytes = 0;

  /**
   * `root` is the build's own folder (a real path, never the output link that moves on to newer
   * builds); `isCurrent` says whether the output still points at it.
   */
  constructor(
    private readonly root: string,
    private readonly isCurrent: () => Promise<boolean>,
    private readonly maxBytes = 128 * 1024 * 1024,
  ) {}

  /**
   * The file at `relative` (already made safe by the router); null when there is none, or 'gone'
   * when the build is no longer the current one: a newer build replaced it, and its files may be
   * half removed, so a missing file says nothing about the site.
   */
  async get(relative: string): Promise<CachedFile | null | 'gone'> {
    const hit = this.files.get(relative);
    if (hit) {
      // Least recently used last: Map order is the eviction order.
      this.files.delete(relative);
      this.files.set(relative, hit);
      return hit;
    }
    const file = await this.read(relative);
    if (file === null && !(await this.isCurrent())) return 'gone';
    if (file) this.store(relative, file);
    return file;
  }

  private async read(relative: string): Promise<CachedFile | null> {
    const full = path.join(this.root, relative);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return null;
    const [identity, gzip, br] = await Promise.all([
      // Gone between stat and read: the build was removed; get() tells.
      readFile(full).catch(() => null),
      readFile(`${full}.gz`).catch(() => null),
      readFile(`${full}.br`).catch(() => null),
    ]);
    if (identity === null) return null;
    const [gzipped, brotli] = gzip || br || !worthCompressing(relative, identity) ? [gzip, br] : compressPair(identity);
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
}

/**
 * Files the build left without compressed copies (under PRECOMPRESS_MIN_BYTES) are compressed here
 * once, when first read, and kept with the file: for files that small it is cheap.
 */
const worthCompressing = (relative: string, bytes: Buffer): boolean => bytes.byteLength >= COMPRESS_MIN_BYTES && isCompressible(relative);

export const sizeOf = (file: CachedFile): number => file.identity.byteLength + (file.gzip?.byteLength ?? 0) + (file.br?.byteLength ?? 0);
