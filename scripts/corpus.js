/**
 * corpus.js: the benchmarks' synthetic content, made once per size and reused (bench.js,
 * bench-pages.js). `.bench/corpus-<notices>-<components>/` is written by gen-corpus.js with a fixed
 * seed and moment, and reused while its `.gen-corpus.json` records the same parameters and the same
 * generator: a corpus is never rewritten under a benchmark that reads it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GEN_CORPUS = path.join(ROOT, 'scripts', 'gen-corpus.js');

/** The moment every benchmark builds as of (`build --now`), and the corpus's seed. */
export const NOW = '2026-11-22T07:00:00Z';
const SEED = 1;

/**
 * The corpus folder for a size, generated unless a matching one is there; `log` hears which. With
 * `groups` and `regions`, the tree has that many top-level and second-level components
 * (gen-corpus.js --groups --regions), in `corpus-<notices>-<components>-g<groups>-r<regions>/`.
 * Throws when gen-corpus.js fails.
 */
export function ensureCorpus({ notices, components, groups, regions }, log = () => {}) {
  const shape = groups === undefined ? null : { groups, regions };
  const dir = path.join(ROOT, '.bench', `corpus-${notices}-${components}${shape ? `-g${groups}-r${regions}` : ''}`);
  const wanted = { generator: generatorHash(), notices, components, seed: SEED, now: NOW, ...(shape ?? {}) };
  if (sameParameters(readMarker(dir), wanted)) {
    log(`corpus ${path.relative(ROOT, dir)}: reused`);
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  const args = [GEN_CORPUS, '--notices', String(notices), '--components', String(components), '--seed', String(SEED), '--now', NOW, '--out', dir];
  if (shape) args.push('--groups', String(groups), '--regions', String(regions));
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`gen-corpus.js failed for ${notices} notices / ${components} components`);
  return dir;
}

/** Same hash gen-corpus.js records in its marker: a changed generator means a new corpus. */
function generatorHash() {
  return createHash('sha256').update(readFileSync(GEN_CORPUS)).digest('hex').slice(0, 16);
}

function readMarker(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, '.gen-corpus.json'), 'utf8'));
  } catch {
    return null;
  }
}

function sameParameters(marker, wanted) {
  return marker !== null && Object.entries(wanted).every(([key, value]) => marker[key] === value);
}
