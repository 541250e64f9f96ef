#!/usr/bin/env node
/**
 * compare-output.js: builds the same content as of the same moment with this checkout and with
 * another (a worktree of another commit, its lib/ built), and compares every file the two builds
 * write, byte for byte. A change of the code that means to change no output proves it here.
 *
 *   node scripts/compare-output.js --against ../old                 # every case
 *   node scripts/compare-output.js --against ../old --only example  # the cases whose name holds this
 *   node scripts/compare-output.js --against ../old --quick         # without the 10,000-notice corpus
 *
 * Cases: the example content/, every test fixture that builds, 2,000- and 10,000-notice corpora
 * (scripts/corpus.js), each in one language and in two (site.yaml `locales: [<its own>, de]`), with
 * the built-in templates and with them copied as the site's own (scripts/templates-copy.js: the same
 * copy for both checkouts, so both build the same input).
 *
 * Asset names carry a hash of their bytes (`assets/site.50f7057850.js`): they are compared with the
 * hash set aside, in names and in the files that link them, and the assets' own bytes are compared
 * like every other file's. EXCEPTIONS names the differences meant, each with why; a difference not
 * named fails the run (exit 1), and so does an exception that no longer matches anything.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptOptions } from './options.js';
import { ensureCorpus, NOW } from './corpus.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Differences meant, against e8433f3 (issues 42, 43 and 46 changed these on purpose). Against a
 * later commit none of them may show (a full run then says so); the features merged after it
 * (audiences, the kept templates, `_statuspress/next-change` of `build --again`, and the status
 * page's severities and folds: its groups, and five notices of each list whole) differ from
 * e8433f3 on purpose too, and are not listed: compare a change against the commit it starts from. Each: the
 * output paths it is for (a RegExp), or `errors` for the error a build stops with, and a test of the
 * two texts that says the difference is that one: (ours, theirs) => true when it is.
 */
const EXCEPTIONS = [
  {
    why: 'an update may say `withheld: true` (0ac07fb): the refusal of an unknown key lists it among the keys allowed',
    errors: true,
    same: (ours, theirs) => ours.replaceAll('content, withheld, translations', 'content, translations') === theirs,
  },
  {
    why: 'the browser scripts are bundles of src/ modules (limits.ts, the date arithmetic): their minified bytes change with those modules; what they do is test/site\'s to show',
    paths: /^assets\/[\w-]+\.#\.js$|^widget\.js$/,
    same: () => true,
  },
  {
    why: 'iCalendar: a calendar name (X-WR-CALNAME) is escaped as TEXT (RFC 5545 3.3.11), not written raw',
    paths: /(^|\/)maintenance\.ics$/,
    same: (ours, theirs) => unescapeCalName(ours) === unescapeCalName(theirs),
  },
];

/** `X-WR-CALNAME:` values with their TEXT escapes undone, so only the escaping can differ. */
function unescapeCalName(text) {
  return text.replace(/^(X-WR-CALNAME:)(.*)$/gm, (_, key, value) => key + value.replace(/\\([\\;,nN])/g, (m, c) => (c === 'n' || c === 'N' ? '\n' : c)));
}

const { values } = scriptOptions(import.meta.url, { options: { against: { type: 'string' }, only: { type: 'string' }, quick: { type: 'boolean' }, keep: { type: 'boolean' } } });
if (!values.against) fail('usage: node scripts/compare-output.js --against <another checkout> [--only NAME] [--quick] [--keep]');
const OTHER = path.resolve(values.against);
const sides = [
  { name: 'this', bin: path.join(ROOT, 'bin', 'statuspress.js') },
  { name: 'other', bin: path.join(OTHER, 'bin', 'statuspress.js') },
];
for (const side of sides) if (!existsSync(path.join(path.dirname(side.bin), '..', 'lib', 'cli.js'))) fail(`${side.bin}: its lib/ is not built (npm run build:lib there)`);

const temp = mkdtempSync(path.join(os.tmpdir(), 'statuspress-compare-'));
const used = new Set();
let failures = 0;
try {
  for (const c of cases()) {
    if (values.only && !c.name.includes(values.only)) continue;
    failures += compareCase(c);
  }
  const unused = EXCEPTIONS.filter((e) => !used.has(e));
  // Only a run of every case can say an exception matches nothing.
  if (!values.only && !values.quick) {
    for (const e of unused) console.log(`exception no longer needed: ${e.why}`);
    failures += unused.length;
  }
} finally {
  if (!values.keep) rmSync(temp, { recursive: true, force: true });
  else console.log(`builds kept in ${temp}`);
}
console.log(failures === 0 ? 'same output' : `${failures} difference(s)`);
process.exit(failures === 0 ? 0 : 1);

/** Every case: a content folder, with or without templates of its own, in one language or two. */
function cases() {
  const contents = [{ name: 'example', dir: path.join(ROOT, 'content') }];
  for (const fixture of readdirSync(path.join(ROOT, 'test', 'fixtures')).sort()) {
    const dir = path.join(ROOT, 'test', 'fixtures', fixture, 'content');
    if (existsSync(path.join(dir, 'site.yaml'))) contents.push({ name: fixture, dir, templates: ownTemplates(fixture) });
  }
  for (const [notices, components] of values.quick ? [[2000, 50]] : [[2000, 50], [10000, 200]]) {
    contents.push({ name: `corpus-${notices}`, dir: ensureCorpus({ notices, components }, () => {}) });
  }
  const copy = copiedTemplates();
  const all = [];
  for (const content of contents) {
    for (const languages of [1, 2]) {
      const dir = languages === 1 ? content.dir : twoLanguages(content);
      all.push({ name: `${content.name}/${languages}lang`, dir, templates: content.templates });
      if (!content.templates) all.push({ name: `${content.name}/${languages}lang/copied-templates`, dir, templates: copy });
    }
  }
  return all;
}

/** A fixture's own templates/ beside its content, if it has one. */
function ownTemplates(fixture) {
  const dir = path.join(ROOT, 'test', 'fixtures', fixture, 'templates');
  return existsSync(dir) ? dir : undefined;
}

/** The built-in templates copied, each with a comment appended, so that each is a template of the site's own. */
function copiedTemplates() {
  const copy = path.join(temp, 'templates-copy');
  cpSync(path.join(ROOT, 'templates'), copy, { recursive: true });
  for (const entry of readdirSync(copy, { recursive: true })) {
    if (String(entry).endsWith('.hbs')) appendFileSync(path.join(copy, String(entry)), '{{!-- a copy --}}\n');
  }
  return copy;
}

/** A copy of the content whose site.yaml lists a second language (de, or en beside a German site). */
function twoLanguages(content) {
  const copy = path.join(temp, 'content', content.name);
  cpSync(content.dir, copy, { recursive: true, dereference: false, verbatimSymlinks: true });
  const site = path.join(copy, 'site.yaml');
  const text = readFileSync(site, 'utf8');
  const own = /^locale:\s*(\S+)/m.exec(text)?.[1] ?? 'en';
  const second = own.startsWith('de') ? 'en' : 'de';
  const listed = /^locales:\s*\[(.*)\]/m.exec(text);
  if (listed) {
    const tags = listed[1].split(',').map((t) => t.trim());
    const more = ['de', 'fr', 'ja'].find((tag) => !tags.includes(tag));
    writeFileSync(site, text.replace(/^locales:.*$/m, `locales: [${[...tags, more].join(', ')}]`));
  } else {
    writeFileSync(site, `${text.replace(/\n?$/, '\n')}locales: [${own}, ${second}]\n`);
  }
  return copy;
}

/** Builds one case on both sides and compares; returns the number of differences not excepted. */
function compareCase(c) {
  const outs = sides.map((side) => build(side, c));
  if (outs.some((o) => o.error)) {
    // Both refusing the content alike is the same output: none.
    if (outs.every((o) => o.error) && outs[0].error === outs[1].error) return report(c, 0, 'both refuse it alike');
    const excepted = outs.every((o) => o.error) && EXCEPTIONS.find((e) => e.errors && e.same(outs[0].error, outs[1].error));
    if (excepted) return (used.add(excepted), report(c, 0, `both refuse it; excepted: ${excepted.why}`));
    return report(c, 1, outs.map((o, i) => `${sides[i].name}: ${o.error ?? 'built'}`).join('\n    '));
  }
  const [ours, theirs] = outs.map((o) => files(o.dir));
  const problems = [];
  for (const name of new Set([...ours.keys(), ...theirs.keys()])) {
    const a = ours.get(name);
    const b = theirs.get(name);
    if (!a || !b) {
      problems.push(`${name}: only in ${a ? 'this' : 'the other'} checkout`);
      continue;
    }
    const x = readFileSync(a);
    const y = readFileSync(b);
    if (x.equals(y)) continue;
    const plain = /\.(gz|br)$/.exec(name) ? null : [unhashed(x.toString('utf8')), unhashed(y.toString('utf8'))];
    if (plain && plain[0] === plain[1]) continue;
    // A compressed copy differs with its file: judged by that file.
    if (!plain && ours.has(name.replace(/\.(gz|br)$/, ''))) {
      const base = name.replace(/\.(gz|br)$/, '');
      if (!readFileSync(ours.get(base)).equals(readFileSync(theirs.get(base) ?? ours.get(base)))) continue;
    }
    const excepted = plain && EXCEPTIONS.find((e) => e.paths?.test(name) && e.same(plain[0], plain[1]));
    if (excepted) used.add(excepted);
    else problems.push(`${name}: ${firstDifference(plain?.[0] ?? x.toString('latin1'), plain?.[1] ?? y.toString('latin1'))}`);
  }
  for (const o of outs) rmSync(o.temp, { recursive: true, force: true });
  return report(c, problems.length, problems.slice(0, 20).join('\n    ') + (problems.length > 20 ? `\n    … ${problems.length - 20} more` : ''));
}

function report(c, count, detail) {
  console.log(`${count === 0 ? 'same' : 'DIFF'}  ${c.name}${detail ? `\n    ${detail}` : ''}`);
  return count;
}

/** One build; its output folder, or the first line of its error. */
function build(side, c) {
  const dir = mkdtempSync(path.join(temp, `${side.name}-`));
  const out = path.join(dir, 'dist');
  const args = [side.bin, 'build', '--content', c.dir, '--out', out, '--now', NOW, ...(c.templates ? ['--templates', c.templates] : [])];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) return { temp: dir, error: `exit ${run.status}: ${normalisedError(run.stderr, c.dir)}` };
  return { temp: dir, dir: out };
}

/** An error's text with what differs per run (temporary paths) set aside. */
function normalisedError(stderr, contentDir) {
  return stderr.split(contentDir).join('<content>').replace(/statuspress-compare-[^/\s]+/g, '<temp>').trim().split('\n').slice(0, 3).join(' | ');
}

/** Every file under `dir` (through its link), by its path with asset hashes set aside. */
function files(dir) {
  const all = new Map();
  const root = path.resolve(dir);
  for (const entry of readdirSync(root, { recursive: true })) {
    const file = path.join(root, String(entry));
    if (statSync(file).isFile()) all.set(unhashed(String(entry).split(path.sep).join('/')), file);
  }
  return all;
}

/** Text with the hash in asset names (`name.0123456789.ext`) set aside. */
function unhashed(text) {
  return text.replace(/(assets\/[\w-]+)\.[0-9a-f]{10}\./g, '$1.#.');
}

function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const show = (s) => JSON.stringify(s.slice(Math.max(0, i - 40), i + 60));
  return `differ at ${i}:\n      this:  ${show(a)}\n      other: ${show(b)}`;
}

function fail(message) {
  console.error(message);
  process.exit(2);
}
