// `statuspress init DIR`: a new status repository with example content, the CLI as one file
// (.statuspress/statuspress.mjs: no install step, so it publishes while a package registry is down),
// GitHub Actions workflows (check pull requests; publish to GitHub Pages on push, on a schedule and on
// demand), .gitignore and a README. With `from: npm`, a package.json that depends on statuspress
// instead of the file. Only into a new or empty folder: nothing is overwritten.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedContent } from '../content/index.js';
import { fail } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import { ownBundle } from './bundle.js';
import { BUNDLE_PATH, workflows } from './workflows.js';
import type { CliSource } from './workflows.js';
import { currentSecond, invalidError, isoAt, issuesOf, slugify, sourceOf, toYaml } from './yaml.js';
import { readme } from './readme.js';

export interface InitOptions {
  /** site.yaml `name` (default "Example Status"). */
  name?: string;
  /** site.yaml `url`, the page's public address (default https://status.example.com). */
  url?: string;
  /** Epoch ms of created_at and of the welcome notice (default: the current time, to the second). */
  now?: number;
  /**
   * Where the repository gets statuspress: `bundle` (default) copies the single-file CLI (`file`,
   * default the running version's) into .statuspress/; `npm` writes a package.json depending on
   * `spec` (what npm installs: `^0.2.0`, `file:../statuspress-0.2.0.tgz`).
   */
  from?: { kind: 'bundle'; file?: string } | { kind: 'npm'; spec: string };
  /** The branch whose pushes publish (default main). */
  branch?: string;
}

/** Every file written, relative to `dir` with forward slashes, in the order written. */
export interface InitResult {
  files: string[];
}

const DAY_MS = 86_400_000;

/** Creates the repository in `dir` (made if missing); a usage error, with nothing written, if `dir` is not an empty folder. */
export async function initSite(dir: string, options: InitOptions = {}): Promise<InitResult> {
  const name = options.name ?? 'Example Status';
  const url = options.url ?? 'https://status.example.com';
  const now = options.now ?? currentSecond();
  const from = options.from ?? { kind: 'bundle' };
  const source: CliSource = { kind: from.kind };
  const content = contentFiles(name, url, now);
  const issues = issuesOf(emptyContent(dir), Object.entries(content).map(([file, { kind, text }]) => sourceOf(file, kind, text)));
  if (issues.length > 0) throw invalidError('The new site', issues.map((i) => ({ ...i, file: `content/${i.file}` })));
  const bundle = from.kind === 'bundle' ? await readFile(from.file ?? (await ownBundle())) : null;
  await ensureEmpty(dir);

  const files: string[] = [];
  // The one way this module writes: exclusive creation, and the list returned is what was written.
  const write = async (file: string, text: string | Buffer, mode = 0o644): Promise<void> => {
    const target = path.join(dir, ...file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await writeFile(target, text, { flag: 'wx', mode });
    } catch (error) {
      const entry = (error as NodeJS.ErrnoException).code === 'EEXIST' ? COMMAND.initFileAppeared : COMMAND.initWriteFailed;
      throw fail(entry, { target, detail: (error as Error).message, written: [...files] }, { cause: error });
    }
    files.push(file);
  };
  for (const [file, { text }] of Object.entries(content)) await write(`content/${file}`, text);
  // The single file starts with #!/usr/bin/env node: executable, so ./.statuspress/statuspress.mjs runs too.
  if (bundle !== null) await write(BUNDLE_PATH, bundle, 0o755);
  if (from.kind === 'npm') await write('package.json', packageJson(dir, from.spec));
  for (const [file, text] of Object.entries(workflows({ source, branch: options.branch ?? 'main' }))) await write(file, text);
  // `dist` without a slash: the output is a link to the latest build, which `dist/` would not match.
  await write('.gitignore', 'dist\ndist.builds/\nnode_modules/\n');
  await write('README.md', readme(name, source, options.branch ?? 'main'));
  return { files };
}

async function ensureEmpty(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (info === null) return;
  if (!info.isDirectory()) throw fail(COMMAND.initNotFolder, { dir });
  const entries = await readdir(dir);
  if (entries.length > 0) throw fail(COMMAND.initNotEmpty, { dir, entries: entries.length });
}

function emptyContent(dir: string): LoadedContent {
  return { dir: path.join(dir, 'content'), site: null, components: [], notices: [], issues: [], unlisted: new Set() };
}

type ContentFiles = Record<string, { kind: 'site' | 'component' | 'notice'; text: string }>;

/** The example content, keyed by path relative to the content folder. */
function contentFiles(name: string, url: string, now: number): ContentFiles {
  const at = isoAt(now);
  const component = (id: number, componentName: string, description: string, position: number, parentId?: number): string =>
    toYaml({
      id,
      name: componentName,
      description,
      ...(parentId === undefined ? {} : { parent_id: parentId }),
      position,
      created_at: at,
    });
  return {
    'site.yaml': {
      kind: 'site',
      text: toYaml(
        { name, url, created_at: at, metrics: true },
        { comment: ' The status page: its name and public address (url may carry a path: https://you.github.io/status).' },
      ),
    },
    'components/1-website.yaml': { kind: 'component', text: component(1, 'Website', 'The public website', 1) },
    'components/2-api.yaml': { kind: 'component', text: component(2, 'API', 'Everything under the API', 2) },
    'components/3-rest-api.yaml': { kind: 'component', text: component(3, 'REST API', 'Public REST endpoints', 1, 2) },
    'components/4-webhooks.yaml': { kind: 'component', text: component(4, 'Webhooks', 'Event deliveries to your endpoints', 2, 2) },
    'notices/1-welcome.yaml': {
      kind: 'notice',
      text: toYaml(
        {
          id: 1,
          type: 'general',
          subject: 'Welcome to our new status page',
          components: [],
          expires_at: isoAt(now + 7 * DAY_MS),
          updates: [
            {
              at,
              content: 'This page shows the status of our services. Incidents and planned maintenance are posted here as they happen.\n',
            },
          ],
        },
        { flow: ['components'] },
      ),
    },
  };
}

/** package.json of a repository that takes statuspress from npm: the dependency and the usual scripts. */
function packageJson(dir: string, spec: string): string {
  const pkg = {
    name: slugify(path.basename(path.resolve(dir)), 'status-page', 8),
    private: true,
    type: 'module',
    scripts: {
      build: 'statuspress build',
      validate: 'statuspress validate',
      start: 'statuspress build && statuspress serve',
    },
    devDependencies: { statuspress: spec },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}
