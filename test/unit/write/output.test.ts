// openOutput(): files written as they come into a temporary folder, swapped in on commit;
// a failure anywhere leaves the previous output exactly as it was and no temporary folder behind.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { StatuspressError } from '../../../src/errors/error.js';
import { STATE_FILE } from '../../../src/routes/files.js';
import { PRECOMPRESS_MIN_BYTES } from '../../../src/write/compress.js';
import { FileWriter } from '../../../src/write/files.js';
import { openOutput } from '../../../src/write/index.js';

const BIG = JSON.stringify({ notices: Array.from({ length: 500 }, (_, id) => ({ id, subject: `Notice ${id}` })) });
const state = { path: STATE_FILE, contents: '{}' };

function freshDir(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'statuspress-write-')), 'dist');
}

/** The folder beside the output and what it holds: the output link, and its one published build. */
function beside(dir: string): string[] {
  const builds = existsSync(`${dir}.builds`) ? readdirSync(`${dir}.builds`).map((b) => `dist.builds/${b}`) : [];
  return [...readdirSync(path.dirname(dir)), ...builds].sort();
}

/** Every file under dir (through its link), relative path → bytes. */
function snapshot(dir: string): Map<string, Buffer> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const full = path.join(e.parentPath, e.name);
        return [path.relative(dir, full), readFileSync(full)];
      }),
  );
}

describe('openOutput', () => {
  it('writes every file, with gzip and brotli copies of large served text files only, and counts them', async () => {
    const dir = freshDir();
    const output = await openOutput(dir);
    const many = Array.from({ length: 300 }, (_, i) => ({ path: `api/v1/notices/${i}.json`, contents: `{"id":${i}}` }));
    await output.write(many);
    await output.write([
      { path: 'api/v1/notices.json', contents: BIG },
      { path: 'badge.png', contents: new Uint8Array(PRECOMPRESS_MIN_BYTES + 1) },
      // Large, but never served: the build state.
      { path: STATE_FILE, contents: BIG },
    ]);
    const result = await output.commit();
    const files = snapshot(dir);
    expect(result.files).toBe(files.size);
    expect(result.bytes).toBe([...files.values()].reduce((sum, b) => sum + b.byteLength, 0));
    expect(files.get('api/v1/notices/7.json')?.toString()).toBe('{"id":7}');
    expect(files.has('api/v1/notices/7.json.gz')).toBe(false);
    expect(gunzipSync(files.get('api/v1/notices.json.gz')!).toString()).toBe(BIG);
    expect(brotliDecompressSync(files.get('api/v1/notices.json.br')!).toString()).toBe(BIG);
    expect(files.has('badge.png.gz')).toBe(false);
    expect(files.get(STATE_FILE)?.toString()).toBe(BIG);
    expect([...files.keys()].filter((f) => f.startsWith(`${STATE_FILE}.`))).toEqual([]);
    expect(readlinkSync(dir)).toMatch(/^dist\.builds\/[0-9a-z]+-\d+-[0-9a-f]{8}$/);
    expect(beside(dir)).toEqual(['dist', 'dist.builds', readlinkSync(dir)]);
  });

  it('fails with output/write-failed when a file cannot be written, leaving the previous output and no temporary folder', async () => {
    const dir = freshDir();
    const first = await openOutput(dir);
    await first.write([{ path: 'api/v1/status.json', contents: '{"old":true}' }, state]);
    await first.commit();
    const before = snapshot(dir);

    const second = await openOutput(dir);
    // A file and then a folder of the same name: the mkdir fails .
    let error: unknown;
    try {
      await second.write([{ path: 'api/v1/status.json', contents: '{"new":true}' }, { path: 'api/v1/status.json/x.json', contents: '{}' }, state]);
      await second.commit();
    } catch (caught) {
      error = caught;
    }
    await second.discard();
    expect(error).toBeInstanceOf(StatuspressError);
    expect((error as StatuspressError).code).toBe('output/write-failed');
    expect((error as Error).message).toMatch(/Could not write the output/);
    expect(snapshot(dir)).toEqual(before);
    expect(beside(dir)).toEqual(['dist', 'dist.builds', readlinkSync(dir)]);
  });

  it("counts what another thread's FileWriter wrote into the folder, and refuses a path both wrote", async () => {
    const dir = freshDir();
    const output = await openOutput(dir);
    await output.write([{ path: 'api/v1/status.json', contents: '{}' }, state]);
    const other = new FileWriter(output.folder);
    await other.write([{ path: 'index.html', contents: '<p>hi</p>' }, { path: 'history/index.html', contents: BIG }]);
    output.adopt(await other.settle());
    const result = await output.commit();
    const files = snapshot(dir);
    expect([...files.keys()].sort()).toEqual([STATE_FILE, 'api/v1/status.json', 'history/index.html', 'history/index.html.br', 'history/index.html.gz', 'index.html']);
    expect(result.files).toBe(files.size);
    expect(result.bytes).toBe([...files.values()].reduce((sum, b) => sum + b.byteLength, 0));

    const clash = await openOutput(dir);
    await clash.write([{ path: 'index.html', contents: 'one' }, state]);
    const second = new FileWriter(clash.folder);
    await second.write([{ path: 'index.html', contents: 'two' }]);
    clash.adopt(await second.settle());
    const error = await clash.commit().catch((e: unknown) => e);
    expect((error as StatuspressError).code).toBe('output/write-failed');
    expect((error as Error).message).toMatch(/index\.html" was written twice/);
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<p>hi</p>');
    expect(beside(dir)).toEqual(['dist', 'dist.builds', readlinkSync(dir)]);
  });

  it('refuses a path twice or outside the folder, and discard() keeps the previous output', async () => {
    const dir = freshDir();
    const first = await openOutput(dir);
    await first.write([{ path: 'index.html', contents: 'old' }, state]);
    await first.commit();

    const second = await openOutput(dir);
    await expect(second.write([{ path: 'a.json', contents: '1' }, { path: 'a.json', contents: '2' }])).rejects.toThrow(/not a (?:unique )?relative path/);
    for (const outside of ['../escape.json', '..', '.', '/etc/passwd', 'api/../../x.json']) {
      await expect(second.write([{ path: outside, contents: '1' }]), outside).rejects.toThrow(/not a (?:unique )?relative path/);
    }
    await expect(second.write([{ path: 'api/./x.json', contents: '1' }])).rejects.toThrow(/not a (?:unique )?relative path/);
    await second.discard();
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('old');
    expect(beside(dir)).toEqual(['dist', 'dist.builds', readlinkSync(dir)]);
    expect(existsSync(path.join(path.dirname(dir), 'escape.json'))).toBe(false);
  });

  it('replaces the previous output whole: nothing of it is left, inside the folder or next to it', async () => {
    const dir = freshDir();
    const first = await openOutput(dir);
    await first.write([{ path: 'api/v1/notices/1.json', contents: '{"old":1}' }, { path: 'api/v1/notices.json', contents: BIG }, state]);
    await first.commit();
    // A link the previous output somehow holds is removed, never followed.
    const outside = mkdtempSync(path.join(tmpdir(), 'statuspress-outside-'));
    writeFileSync(path.join(outside, 'keep.txt'), 'keep');
    symlinkSync(outside, path.join(dir, 'api', 'link'));

    const second = await openOutput(dir);
    await second.write([{ path: 'index.html', contents: 'new' }, state]);
    await second.commit();
    expect([...snapshot(dir).keys()].sort()).toEqual([STATE_FILE, 'index.html']);
    expect(beside(dir)).toEqual(['dist', 'dist.builds', readlinkSync(dir)]);
    expect(readFileSync(path.join(outside, 'keep.txt'), 'utf8')).toBe('keep');
  });

  it('replaces the folder a symbolic link points to, and keeps the link', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'statuspress-linked-'));
    const real = path.join(root, 'www', 'status');
    const first = await openOutput(real);
    await first.write([{ path: 'index.html', contents: 'old' }, state]);
    await first.commit();
    writeFileSync(path.join(root, 'www', 'neighbour.txt'), 'keep');
    const link = path.join(root, 'dist');
    symlinkSync(real, link);

    const second = await openOutput(link);
    await second.write([{ path: 'index.html', contents: 'new' }, state]);
    expect((await second.commit()).warnings).toEqual([]);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(readFileSync(path.join(link, 'index.html'), 'utf8')).toBe('new');
    expect(readdirSync(root).sort()).toEqual(['dist', 'www']);
    expect(readdirSync(path.join(root, 'www')).sort()).toEqual(['neighbour.txt', 'status', 'status.builds']);
    expect(readdirSync(path.join(root, 'www', 'status.builds'))).toHaveLength(1);
  });

  it('creates the folder a dangling link points to (a first deploy), and refuses a loop of links', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'statuspress-dangling-'));
    const link = path.join(root, 'dist');
    symlinkSync(path.join(root, 'www', 'status'), link);
    const output = await openOutput(link);
    await output.write([{ path: 'index.html', contents: 'first' }, state]);
    expect((await output.commit()).warnings).toEqual([]);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(root, 'www', 'status', 'index.html'), 'utf8')).toBe('first');
    expect(readdirSync(root).sort()).toEqual(['dist', 'www']);

    symlinkSync(path.join(root, 'b'), path.join(root, 'a'));
    symlinkSync(path.join(root, 'a'), path.join(root, 'b'));
    const error = await openOutput(path.join(root, 'a')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatuspressError);
    expect(error).toMatchObject({ code: expect.stringMatching(/^usage\/out-(link-loop|too-many-links)$/), message: expect.stringMatching(/loop of symbolic links|more than 40 symbolic links/) });
  });

  it('reads a relative link from the folder it really is in, when a parent is a link too', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'statuspress-relative-'));
    mkdirSync(path.join(root, 'real', 'sub'), { recursive: true });
    symlinkSync(path.join(root, 'real', 'sub'), path.join(root, 'alias'));
    symlinkSync('../target', path.join(root, 'real', 'sub', 'out'));
    const output = await openOutput(path.join(root, 'alias', 'out'));
    await output.write([{ path: 'index.html', contents: 'here' }, state]);
    await output.commit();
    // ../target from real/sub is real/target, whatever the path used to reach the link.
    expect(readFileSync(path.join(root, 'real', 'target', 'index.html'), 'utf8')).toBe('here');
    expect(existsSync(path.join(root, 'target'))).toBe(false);
  });

  it('refuses loops of links, also through a parent, and the folder the process stands in', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'statuspress-loops-'));
    symlinkSync(path.join(root, 'lb', 'x'), path.join(root, 'la'));
    symlinkSync(path.join(root, 'la', 'y'), path.join(root, 'lb'));
    for (const out of [path.join(root, 'la'), path.join(root, 'la', 'deeper')]) {
      await expect(openOutput(out)).rejects.toMatchObject({ code: expect.stringMatching(/^usage\/out-(link-loop|too-many-links)$/), message: expect.stringMatching(/loop of symbolic links|more than 40/) });
    }
    const cwd = process.cwd();
    try {
      process.chdir(root);
      await expect(openOutput('.')).rejects.toMatchObject({ code: 'usage/out-holds-current-folder', message: expect.stringMatching(/is the current folder or holds it/) });
      await expect(openOutput(path.dirname(root))).rejects.toMatchObject({ code: 'usage/out-holds-current-folder' });
    } finally {
      process.chdir(cwd);
    }
    expect(readdirSync(root).sort()).toEqual(['la', 'lb']);
  });

  it('takes no files after commit() or discard(), and a second commit() gets the first answer', async () => {
    const dir = freshDir();
    const output = await openOutput(dir);
    await output.write([{ path: 'index.html', contents: 'one' }, state]);
    const committing = output.commit();
    await expect(output.write([{ path: 'late.html', contents: 'late' }])).rejects.toThrow(/after the output was committed/);
    expect(output.commit()).toBe(committing);
    const result = await committing;
    expect(result).toMatchObject({ files: 2, warnings: [] });
    await output.discard(); // nothing to do after a commit: the output stays
    expect([...snapshot(dir).keys()].sort()).toEqual([STATE_FILE, 'index.html']);

    const other = await openOutput(freshDir());
    await other.discard();
    await expect(other.write([{ path: 'a.json', contents: '1' }])).rejects.toThrow(/after the output was discarded/);
    await expect(other.commit()).rejects.toThrow(/commit\(\) after discard\(\)/);
  });

  it('publishes over the real output folder of an older version, and takes its leftovers away', async () => {
    const dir = freshDir();
    mkdirSync(path.join(dir, '_statuspress'), { recursive: true });
    writeFileSync(path.join(dir, STATE_FILE), '{}');
    writeFileSync(path.join(dir, 'index.html'), 'older version');
    // What a build of an older version left when it was killed: its pid is long gone.
    for (const leftover of ['dist.tmp-999999-0a1b2c3d', 'dist.old-999999-0a1b2c3d']) mkdirSync(path.join(path.dirname(dir), leftover, 'api'), { recursive: true });
    const output = await openOutput(dir);
    await output.write([{ path: 'index.html', contents: 'new' }, state]);
    expect((await output.commit()).warnings).toEqual([]);
    expect(lstatSync(dir).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('new');
    expect(beside(dir)).toEqual(['dist', 'dist.builds', readlinkSync(dir)]);
  });

  it('fails instead of looping when the output cannot be created (/proc/self/x)', async () => {
    const error = await openOutput('/proc/self/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatuspressError);
    expect((error as StatuspressError).code).toBe('output/write-failed');
    expect((error as Error).message).toMatch(/^Could not write the output to \/proc\/self\/x: /);
  });

  it('refuses an output inside a folder it must stay out of (the content folder)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'statuspress-inside-'));
    mkdirSync(path.join(root, 'content', 'notices'), { recursive: true });
    for (const out of [path.join(root, 'content'), path.join(root, 'content', 'dist'), path.join(root, 'content', 'notices', 'zz.yaml')]) {
      await expect(openOutput(out, { outside: [path.join(root, 'content')] }), out).rejects.toMatchObject({ code: 'usage/out-inside-content' });
    }
    expect(readdirSync(path.join(root, 'content')).sort()).toEqual(['notices']);
  });

  it('accepts an output beside the content folder whose name starts with its name (content-dist)', async () => {
    // Inside means under `content/`: `content-dist` only begins with the same letters.
    const root = mkdtempSync(path.join(tmpdir(), 'statuspress-beside-'));
    mkdirSync(path.join(root, 'content', 'notices'), { recursive: true });
    for (const out of [path.join(root, 'content-dist'), path.join(root, 'contentdist')]) {
      const output = await openOutput(out, { outside: [path.join(root, 'content')] });
      await output.write([{ path: 'index.html', contents: 'ok' }, state]);
      expect((await output.commit()).warnings, out).toEqual([]);
      expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('ok');
    }
    expect(readdirSync(path.join(root, 'content')).sort()).toEqual(['notices']);
  });

  it('keeps the folder of a build still being written when another output of the same path commits (one process)', async () => {
    // Both builds carry this process's id; only the list of builds being written tells the second from a leftover.
    const dir = freshDir();
    const first = await openOutput(dir);
    const second = await openOutput(dir);
    await second.write([{ path: 'index.html', contents: 'second' }, state]);
    await first.write([{ path: 'index.html', contents: 'first' }, state]);
    expect((await first.commit()).warnings).toEqual([]);
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('first');
    expect(existsSync(second.folder), 'the first commit removed the second build while it was being written').toBe(true);
    await second.write([{ path: 'late.html', contents: 'late' }]);
    expect((await second.commit()).warnings).toEqual([]);
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('second');
    expect(readFileSync(path.join(dir, 'late.html'), 'utf8')).toBe('late');
    expect(beside(dir)).toEqual(['dist', 'dist.builds', `dist.builds/${path.basename(readlinkSync(dir))}`]);
  });

  it('never takes `dist -> dist.builds/..` for a build of its own: the folder holding the output survives', async () => {
    // Were it taken for one, publishing would remove the "previous build" it points at: the project folder.
    const dir = freshDir();
    const project = path.dirname(dir);
    mkdirSync(`${dir}.builds`);
    writeFileSync(path.join(project, 'precious.txt'), 'keep me');
    symlinkSync('dist.builds/..', dir);
    const published = openOutput(dir).then(async (output) => {
      await output.write([{ path: 'index.html', contents: 'new' }, state]);
      return output.commit();
    });
    await expect(published).rejects.toMatchObject({ code: 'usage/out-not-ours' });
    expect(readFileSync(path.join(project, 'precious.txt'), 'utf8')).toBe('keep me');
    expect(readlinkSync(dir)).toBe('dist.builds/..');
  });

  it('will not replace a folder that statuspress did not write', async () => {
    const foreign = mkdtempSync(path.join(tmpdir(), 'statuspress-foreign-'));
    writeFileSync(path.join(foreign, 'notes.txt'), 'mine');
    await expect(openOutput(foreign)).rejects.toThrow(/did not write/);
    expect(readdirSync(foreign)).toEqual(['notes.txt']);
    expect(readFileSync(path.join(foreign, 'notes.txt'), 'utf8')).toBe('mine');
  });
});
