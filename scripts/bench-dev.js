#!/usr/bin/env node
/**
 * bench-dev.js: how fast `statuspress dev` shows a one-file edit, on a synthetic site.
 *
 *   node scripts/bench-dev.js [--notices 10000] [--components 200] [--edits 5]
 *
 * Generates the corpus (scripts/gen-corpus.js) into a temporary copy, starts `statuspress dev` (the
 * bin, on 127.0.0.1, a free port), waits for the first build, then edits one notice's subject
 * `--edits` times, one after another, and for each prints the time from the write to the reload
 * event on the dev stream, and to the changed notice page fetched in full. Needs `npm run build:lib`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptOptions } from './options.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = scriptOptions(import.meta.url, { options: { notices: { type: 'string', default: '10000' }, components: { type: 'string', default: '200' }, edits: { type: 'string', default: '5' } } });

const work = mkdtempSync(path.join(os.tmpdir(), 'statuspress-bench-dev-'));
const content = path.join(work, 'content');
const corpus = path.join(ROOT, '.bench', `corpus-${values.notices}-${values.components}`);
const made = spawnSync(process.execPath, [path.join(ROOT, 'scripts/gen-corpus.js'), '--notices', values.notices, '--components', values.components, '--seed', '1', '--now', '2026-11-22T07:00:00Z', '--out', corpus], { stdio: 'ignore' });
if (made.status !== 0 && readdirSync(corpus).length === 0) throw new Error('gen-corpus.js failed');
cpSync(corpus, content, { recursive: true });

const started = performance.now();
const child = spawn(process.execPath, [path.join(ROOT, 'bin/statuspress.js'), 'dev', '--content', content, '--port', '0', '--now', '2026-11-22T07:00:00Z'], { stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
const url = await until(() => /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1], 120_000);
const firstBuild = /Built in (\d+) ms/.exec(output)?.[1];
console.log(`statuspress dev, ${values.notices} notices / ${values.components} components, node ${process.version}, ${os.cpus().length} CPUs`);
console.log(`first build (read, validate, derive): ${firstBuild} ms; listening after ${Math.round(performance.now() - started)} ms`);

const events = await new Promise((resolve, reject) => get(`${url}/__statuspress/events`, resolve).on('error', reject));
let reloads = 0;
events.on('data', (chunk) => (reloads += (String(chunk).match(/event: reload/g) ?? []).length));

const notices = readdirSync(path.join(content, 'notices')).sort();
const file = path.join(content, 'notices', notices[Math.floor(notices.length / 2)]);
const id = /^id: (\d+)$/m.exec(readFileSync(file, 'utf8'))[1];
for (let edit = 1; edit <= Number(values.edits); edit++) {
  const before = reloads;
  const subject = `Edited subject number ${edit}`;
  const t0 = performance.now();
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^subject: .*$/m, `subject: ${subject}`));
  await until(() => reloads > before || undefined, 10_000);
  const reload = performance.now() - t0;
  const page = await (await fetch(`${url}/notices/${id}/`)).text();
  if (!page.includes(subject)) throw new Error('the page does not show the edit');
  console.log(`edit ${edit}: reload event after ${reload.toFixed(0)} ms, page shown after ${(performance.now() - t0).toFixed(0)} ms`);
}
events.destroy();
child.kill('SIGTERM');
rmSync(work, { recursive: true, force: true });

async function until(check, ms) {
  for (const end = performance.now() + ms; performance.now() < end; await new Promise((r) => setTimeout(r, 5))) {
    const value = check();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out; output so far:\n${output}`);
}
