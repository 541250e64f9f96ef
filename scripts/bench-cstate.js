#!/usr/bin/env node
/**
 * bench-cstate.js — the same status history built by statuspress and by cState on Hugo, timed side by side.
 *
 *   npm run build:lib && node scripts/bench-cstate.js [--notices 2000] [--components 50] [--runs 3]
 *       [--hugo PATH] [--cstate DIR]
 *
 * --hugo (or the HUGO environment variable, else `hugo` on the PATH) is the Hugo binary (Debian:
 * `apt-get install hugo`); --cstate (or CSTATE_DIR) is a checkout of https://github.com/cstate/cstate,
 * whose exampleSite/config.yml is the configuration used. When either is missing the script says
 * what to install and exits with code 2, measuring nothing.
 *
 * 1. generates (or reuses) the corpus with gen-corpus.js in .bench/, as bench.js does;
 * 2. writes the same notices as a cState site in a temp folder: the example site's configuration with
 *    one system per component (grouped by top-level component), one issue per notice (its updates
 *    newest first, each with cState's `track` shortcode), resolved when the notice has ended;
 * 3. builds both, in turn, --runs times, each into a new folder on the temp folder's disk (set
 *    TMPDIR=/dev/shm for tmpfs), and times `cp -rL` of statuspress's output for scale;
 * 4. prints medians of wall time and of CPU time (user + system, all threads, from /usr/bin/time
 *    when it exists), and the ratios.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { scriptOptions } from './options.js';
import YAML from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'bin', 'statuspress.js');
const NOW = '2026-11-22T07:00:00Z';
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

const { values } = scriptOptions(import.meta.url, {
  options: {
    notices: { type: 'string', default: '2000' },
    components: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    hugo: { type: 'string' },
    cstate: { type: 'string' },
  },
});

function findHugo() {
  const wanted = values.hugo ?? process.env.HUGO;
  if (wanted) return existsSync(wanted) ? wanted : null;
  const found = spawnSync('sh', ['-c', 'command -v hugo'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

function findCstate() {
  const dir = values.cstate ?? process.env.CSTATE_DIR;
  return dir && existsSync(path.join(dir, 'theme.toml')) && existsSync(path.join(dir, 'exampleSite', 'config.yml')) ? path.resolve(dir) : null;
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return result;
}

/** Wall seconds and, under /usr/bin/time, CPU seconds (user + system, children included). */
function timed(cmd, args, options) {
  const started = performance.now();
  if (!GNU_TIME) {
    run(cmd, args, options);
    return { wall: (performance.now() - started) / 1000, cpu: NaN };
  }
  const result = run(GNU_TIME, ['-f', 'CPU %U %S', cmd, ...args], options);
  const wall = (performance.now() - started) / 1000;
  const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(result.stderr);
  return { wall, cpu: m ? Number(m[1]) + Number(m[2]) : NaN };
}

function ensureCorpus() {
  const dir = path.join(ROOT, '.bench', `corpus-${values.notices}-${values.components}`);
  if (!existsSync(path.join(dir, 'site.yaml'))) {
    run(process.execPath, [path.join(ROOT, 'scripts', 'gen-corpus.js'), '--notices', values.notices, '--components', values.components, '--out', dir, '--seed', '1', '--now', NOW]);
  }
  return dir;
}

const readYaml = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => YAML.parse(readFileSync(path.join(dir, f), 'utf8')));

const ENDED = new Set(['resolved', 'false_alarm', 'complete', 'cancelled']);

/** The corpus as a cState site in `site`, with the checkout as its theme. */
function writeCstateSite(corpus, cstate, site) {
  const components = readYaml(path.join(corpus, 'components'));
  const byId = new Map(components.map((c) => [c.id, c]));
  const top = (c) => (c.parent_id ? top(byId.get(c.parent_id)) : c);
  const config = YAML.parse(readFileSync(path.join(cstate, 'exampleSite', 'config.yml'), 'utf8'));
  config.baseURL = 'https://status.example.com/';
  config.params.categories = components.filter((c) => !c.parent_id).map((c) => ({ name: c.name, description: c.description }));
  config.params.systems = components.map((c) => ({ name: c.name, description: c.description, category: top(c).name }));
  delete config.params.googleAnalytics;
  // Hugo gives up on a page that takes longer than `timeout` (30 s by default) to render; cState's
  // home page alone takes longer than that on 2,000 issues, on a busy machine.
  config.timeout = '3600s';
  mkdirSync(path.join(site, 'content', 'issues'), { recursive: true });
  mkdirSync(path.join(site, 'themes'), { recursive: true });
  symlinkSync(cstate, path.join(site, 'themes', 'cstate'));
  writeFileSync(path.join(site, 'config.yml'), YAML.stringify(config));
  for (const notice of readYaml(path.join(corpus, 'notices'))) {
    const updates = notice.updates ?? [];
    const first = updates[0]?.at ?? notice.begins_at;
    const last = updates.at(-1);
    const resolved = notice.type === 'general' || (last !== undefined && ENDED.has(last.state));
    const front = {
      title: notice.subject,
      date: notice.type === 'planned' ? notice.begins_at : first,
      resolved,
      ...(resolved && last ? { resolvedWhen: last.at } : {}),
      severity: notice.type === 'unplanned' ? 'disrupted' : 'notice',
      ...(notice.type === 'unplanned' ? {} : { informational: true }),
      affected: (notice.components ?? []).map((id) => byId.get(id)?.name).filter(Boolean),
      section: 'issue',
    };
    const body = [...updates]
      .reverse()
      .map((u) => `**${u.state ?? 'update'}** - ${String(u.content).trim()} {{< track "${u.at}" >}}`)
      .join('\n\n');
    writeFileSync(path.join(site, 'content', 'issues', `${notice.id}.md`), `---\n${YAML.stringify(front)}---\n\n${body}\n`);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function main() {
  const hugo = findHugo();
  const cstate = findCstate();
  if (!hugo || !cstate) {
    if (!hugo) console.log('Hugo not found: install it (Debian: apt-get install hugo) or pass --hugo PATH / set HUGO.');
    if (!cstate) console.log('cState not found: pass --cstate DIR or set CSTATE_DIR to a checkout of https://github.com/cstate/cstate (git clone https://github.com/cstate/cstate).');
    console.log('Nothing measured.');
    process.exit(2);
  }
  if (!existsSync(path.join(ROOT, 'lib', 'cli.js'))) throw new Error('lib/cli.js is missing: run `npm run build:lib` first');
  const corpus = ensureCorpus();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'statuspress-bench-cstate-'));
  const site = path.join(tmp, 'cstate-site');
  writeCstateSite(corpus, cstate, site);
  const hugoVersion = run(hugo, ['version']).stdout.trim();
  const runs = Number(values.runs);
  const results = { statuspress: [], cstate: [], copy: [] };
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: undefined };
  try {
    for (let i = 0; i < runs; i++) {
      const out = path.join(tmp, `statuspress-${i}`);
      console.error(`run ${i + 1}/${runs}: statuspress (load ${os.loadavg()[0].toFixed(2)})`);
      results.statuspress.push(timed(process.execPath, [CLI, 'build', '--content', corpus, '--out', out, '--now', NOW], { env }));
      results.copy.push(timed('cp', ['-rL', out, path.join(tmp, `copy-${i}`)]));
      console.error(`run ${i + 1}/${runs}: cState (load ${os.loadavg()[0].toFixed(2)})`);
      results.cstate.push(timed(hugo, ['--source', site, '--destination', path.join(tmp, `cstate-${i}`)], { env }));
      for (const done of [out, path.join(tmp, `copy-${i}`), path.join(tmp, `cstate-${i}`)]) rmSync(done, { recursive: true, force: true });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const row = (name, r) => `| ${name} | ${median(r.map((x) => x.wall)).toFixed(2)} s (${Math.min(...r.map((x) => x.wall)).toFixed(2)}–${Math.max(...r.map((x) => x.wall)).toFixed(2)}) | ${median(r.map((x) => x.cpu)).toFixed(2)} s |`;
  console.log(`\n${values.notices} notices / ${values.components} components, ${runs} runs each in turn, medians (range); ${os.cpus().length} cores; load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`Hugo: ${hugoVersion}; cState: ${cstate}\n`);
  console.log('| build | wall | CPU |');
  console.log('|---|---:|---:|');
  console.log(row('statuspress build', results.statuspress));
  console.log(row('cState (hugo)', results.cstate));
  console.log(row('cp -rL of statuspress output', results.copy));
  const sp = median(results.statuspress.map((x) => x.wall));
  console.log(`\ncState / statuspress: ${(median(results.cstate.map((x) => x.wall)) / sp).toFixed(1)}× wall, ${(median(results.cstate.map((x) => x.cpu)) / median(results.statuspress.map((x) => x.cpu))).toFixed(1)}× CPU; statuspress / cp -rL: ${(sp / median(results.copy.map((x) => x.wall))).toFixed(1)}× wall`);
}

main();
