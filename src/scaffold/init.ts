// `statuspress init DIR`: a new status repository with example content, a GitHub Actions workflow
// (validate pull requests; build and deploy to GitHub Pages on push, on a schedule and on demand),
// package.json, .gitignore and a README. Only into a new or empty folder: nothing is overwritten.
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedContent } from '../content/index.js';
import { fail } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import { currentSecond, invalidError, isoAt, issuesOf, slugify, sourceOf, toYaml } from './yaml.js';

export interface InitOptions {
  /** site.yaml `name` (default "Example Status"). */
  name?: string;
  /** site.yaml `url`, the page's public address (default https://status.example.com). */
  url?: string;
  /** Epoch ms of created_at and of the welcome notice (default: the current time, to the second). */
  now?: number;
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
  const content = contentFiles(name, url, now);
  const issues = issuesOf(emptyContent(dir), Object.entries(content).map(([file, { kind, text }]) => sourceOf(file, kind, text)));
  if (issues.length > 0) throw invalidError('The new site', issues.map((i) => ({ ...i, file: `content/${i.file}` })));
  await ensureEmpty(dir);

  const files: string[] = [];
  // The one way this module writes: exclusive creation, and the list returned is what was written.
  const write = async (file: string, text: string): Promise<void> => {
    const target = path.join(dir, ...file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await writeFile(target, text, { flag: 'wx' });
    } catch (error) {
      const entry = (error as NodeJS.ErrnoException).code === 'EEXIST' ? COMMAND.initFileAppeared : COMMAND.initWriteFailed;
      throw fail(entry, { target, detail: (error as Error).message, written: [...files] }, { cause: error });
    }
    files.push(file);
  };
  for (const [file, { text }] of Object.entries(content)) await write(`content/${file}`, text);
  await write('.github/workflows/status.yml', WORKFLOW);
  await write('package.json', packageJson(dir));
  await write('.gitignore', 'node_modules/\ndist/\n');
  await write('README.md', readme(name));
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

// Written as text so the comments explain each part to whoever opens it first.
const WORKFLOW = `# Pull requests: validate the content and annotate problems on the changed lines.
# Push to main, every 10 minutes and on demand: build the status API and deploy it to GitHub Pages.
# The schedule keeps time-dependent state current (maintenance windows starting and ending, notices
# expiring) without a commit. Pages must be set to "GitHub Actions" under Settings > Pages.
name: Status page

on:
  pull_request:
  push:
    branches: [main]
  schedule:
    - cron: '*/10 * * * *'
  workflow_dispatch:

permissions:
  contents: read

jobs:
  validate:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      - run: npx statuspress validate --format github

  deploy:
    if: github.event_name != 'pull_request'
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pages: write
      id-token: write
    # One deployment at a time; a newer run waits instead of cancelling one in progress.
    concurrency:
      group: pages
      cancel-in-progress: false
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      - run: npx statuspress build --out dist
      - uses: actions/configure-pages@v5
      - uses: actions/upload-pages-artifact@v3
        with:
          path: dist
      - id: deployment
        uses: actions/deploy-pages@v4
`;

function packageJson(dir: string): string {
  const pkg = {
    name: slugify(path.basename(path.resolve(dir)), 'status-page', 8),
    private: true,
    type: 'module',
    scripts: {
      build: 'statuspress build',
      validate: 'statuspress validate',
      start: 'statuspress build && statuspress serve',
    },
    devDependencies: { statuspress: '^0.1.0' },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

function readme(name: string): string {
  return `# ${name.replace(/\s+/g, ' ').trim()}

The status page and its JSON status API, built by [statuspress](https://www.npmjs.com/package/statuspress)
from the YAML files in \`content/\`: \`site.yaml\`, one file per component in \`components/\` and one
per notice (incident, maintenance, announcement) in \`notices/\`.

## First steps

1. Set \`url\` in \`content/site.yaml\` to the page's public address, and edit the components.
2. Run \`npm install\` and commit \`package-lock.json\` (the workflow runs \`npm ci\`).
3. On GitHub, under Settings > Pages, choose "GitHub Actions" as the source.

## Report an incident by pull request

1. On a new branch, add a notice: \`npx statuspress new notice --help\` shows the options, or copy a
   file in \`content/notices/\`. For example \`content/notices/2-api-errors.yaml\`:
   \`\`\`yaml
   id: 2
   type: unplanned
   subject: Elevated error rates on the REST API
   components: [3]
   updates:
     - at: 2026-11-20T10:05:00Z
       state: investigating
       content: We are investigating elevated error rates.
   \`\`\`
2. Open a pull request. The workflow validates the content and marks any problem on the changed line.
3. Merge: the page is rebuilt and deployed within minutes. Post progress the same way, by adding an
   update (\`identified\`, \`recovering\`, \`resolved\`) to the notice's \`updates\`.

Every timestamp needs a time zone (\`Z\` or \`+02:00\`). The page is also rebuilt every 10 minutes, so
planned maintenance starts and ends on time without a commit.

## Preview locally

\`\`\`sh
npm install
npm run validate   # lists every problem in content/
npm start          # builds into dist/ and serves it at http://127.0.0.1:8080
\`\`\`
`;
}
