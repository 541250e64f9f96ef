// `statuspress init DIR`: a new status repository with example content, the CLI as one file
// (.statuspress/statuspress.mjs: no install step, so it publishes while a package registry is down),
// GitHub Actions workflows (check pull requests; publish to GitHub Pages on push, on a schedule and on
// demand), .gitignore and a README. The example content is in the site's language (`locale`, from the
// message catalogue); the README, the workflows and the templates' comments are English. With
// `from: npm`, a package.json that depends on statuspress instead of the file. Only into a new
// folder, or one holding nothing but dot-entries (a fresh clone's .git) among which is none of its
// files: every path is checked before the first file is written, nothing is overwritten, and a
// write that fails part-way takes back what init wrote.
import { LOCK_FILE } from './lock.js';
import { lstat, mkdir, open, readdir, readFile, readlink, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedContent } from '../content/index.js';
import { fail } from '../errors/error.js';
import type { StatuspressError } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { ownBundle } from './bundle.js';
import { audienceOut, BUNDLE_PATH, workflows } from './workflows.js';
import type { CliSource } from './workflows.js';
import { currentSecond, invalidError, isoAt, issuesOf, slugify, sourceOf, toYaml } from './yaml.js';
import { readme } from './readme.js';
import { NOTICE_TEMPLATES_FOLDER } from '../theme/theme.js';
import { checkLocale, checkTimeZone, DEFAULT_LOCALE, DEFAULT_TIME_ZONE } from '../i18n/check.js';
import { messages } from '../i18n/messages.js';
import type { Messages } from '../i18n/make.js';
import type { MessageKey } from '../i18n/types.js';
import { definedOnly } from '../util/defined.js';

export interface InitOptions {
  /** site.yaml `name` (default "Example Status", in the site's language). */
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
  /**
   * site.yaml `locale`, written when given: the language of the pages and of the starter texts
   * (components, the welcome notice, the notice templates; default English, with no `locale:`).
   */
  locale?: string;
  /** site.yaml `time_zone`, written when given (default UTC, with no `time_zone:`). */
  timeZone?: string;
  /**
   * A private audience (site.yaml `audiences`): its site at `url` (default https://NAME.<the public
   * host>), behind nginx's password file, and a publish job that deploys it to its own host.
   */
  audience?: { name: string; url?: string };
}

/** Every file written, relative to `dir` with forward slashes, in the order written. */
export interface InitResult {
  files: string[];
}

const DAY_MS = 86_400_000;

/**
 * Two notice templates for `statuspress new notice --template NAME --set key=value`, for the example
 * components: the first message of an outage, worded beforehand in the site's language (`zone` is
 * the site's time zone, which `{since}` is read in). Their comments, instructions to the author,
 * stay English, as the README does.
 */
export function noticeTemplates(words: Messages, zone: string): Record<string, string> {
  // `{since}`, `{symptom}` and `{delay}` stay as they are: `new --template --set` fills them.
  const body = (fields: Record<string, unknown>): string => toYaml(fields, { flow: ['components'] });
  return {
    'api-outage.yaml':
      `# statuspress new notice --template api-outage --set since=10:05 --set symptom="requests time out"
# Starts an incident on the API with this subject and first update; {since} and {symptom} are
# filled from --set (every one must be), and any option given (--subject, --message, ...) wins.
` +
      body({
        type: 'unplanned',
        subject: words.t('init.apiOutage.subject'),
        // Unavailable: a major outage on the page, `critical` in Statuspage's words.
        impact: 'critical',
        components: [2],
        state: 'investigating',
        content: `${words.t('init.apiOutage.content', { zone })}\n`,
      }),
    'slow-webhooks.yaml':
      `# statuspress new notice --template slow-webhooks --set delay="up to 15 minutes"
` +
      body({
        type: 'unplanned',
        subject: words.t('init.slowWebhooks.subject'),
        components: [4],
        state: 'identified',
        content: `${words.t('init.slowWebhooks.content')}\n`,
      }),
  };
}

/** The English notice templates, for a site in UTC: what `init` without `--locale` writes. */
export const NOTICE_TEMPLATES: Record<string, string> = noticeTemplates(messages('en'), 'UTC');

/**
 * Creates the repository in `dir` (made if missing, with its missing parents). A usage error, with
 * nothing written, for an empty path, a path under a file or through a link that leads nowhere, a
 * file, a folder holding anything but dot-entries, or one holding a file init would write. A failure
 * while writing removes what it had written (and the folders it made) before it is thrown.
 * `flagErrors` are the usage errors the caller found in its own flags (`--from`, `--branch`): thrown
 * with the options' own problems, every one at once, never just the first.
 */
export async function initSite(dir: string, options: InitOptions = {}, flagErrors: readonly StatuspressError[] = []): Promise<InitResult> {
  // Checked as site.yaml's `locale` and `time_zone` are, but as the flags they came from.
  const { locale, timeZone } = options;
  const errors = [...flagErrors];
  const localeProblem = locale === undefined ? null : checkLocale(locale);
  if (localeProblem) errors.push(fail(COMMAND.initBadLocale, localeProblem));
  const zoneProblem = timeZone === undefined ? null : checkTimeZone(timeZone);
  if (zoneProblem) errors.push(fail(COMMAND.initBadTimeZone, zoneProblem));
  // A locale that is refused: the content is still checked (in English), so `--url` is said too.
  const usableLocale = localeProblem ? undefined : locale;
  const usableZone = zoneProblem ? undefined : timeZone;
  const words = messages(usableLocale ?? DEFAULT_LOCALE);
  const name = options.name ?? words.t('init.siteName');
  const url = options.url ?? 'https://status.example.com';
  const now = options.now ?? currentSecond();
  const from = options.from ?? { kind: 'bundle' };
  const source: CliSource = { kind: from.kind };
  const audience = options.audience === undefined ? undefined : { name: options.audience.name, url: options.audience.url ?? audienceUrl(options.audience.name, url) };
  const content = contentFiles({ name, url, now, words, ...definedOnly({ locale: usableLocale, timeZone: usableZone, audience }) });
  const issues = issuesOf(emptyContent(dir), Object.entries(content).map(([file, { kind, text }]) => sourceOf(file, kind, text))).map((i) => ({ ...i, file: `content/${i.file}` }));
  // One problem keeps its own error; more are listed together.
  if (errors.length + (issues.length > 0 ? 1 : 0) > 1) throw fail(COMMAND.initBadFlags, { flags: errors.map((e) => e.message), issues });
  if (errors[0]) throw errors[0];
  if (issues.length > 0) throw invalidError('The new site', issues);
  const bundle = from.kind === 'bundle' ? await readFile(from.file ?? (await ownBundle())) : null;

  // Every file, in the order written: checked all together before the first is written.
  const plan: { file: string; data: string | Buffer; mode: number }[] = [];
  for (const [file, { text }] of Object.entries(content)) plan.push({ file: `content/${file}`, data: text, mode: 0o644 });
  for (const [file, text] of Object.entries(noticeTemplates(words, timeZone ?? DEFAULT_TIME_ZONE))) plan.push({ file: `templates/${NOTICE_TEMPLATES_FOLDER}/${file}`, data: text, mode: 0o644 });
  // The single file starts with #!/usr/bin/env node: executable, so ./.statuspress/statuspress.mjs runs too.
  if (bundle !== null) plan.push({ file: BUNDLE_PATH, data: bundle, mode: 0o755 });
  if (from.kind === 'npm') plan.push({ file: 'package.json', data: packageJson(dir, from.spec), mode: 0o644 });
  const audienceName = audience === undefined ? {} : { audience: audience.name };
  for (const [file, text] of Object.entries(workflows({ source, branch: options.branch ?? 'main', ...audienceName }))) plan.push({ file, data: text, mode: 0o644 });
  // `dist` without a slash: the output is a link to the latest build, which `dist/` would not match.
  // The authoring commands' lock (content/.statuspress.lock) must never be committed: it would block them everywhere.
  const outputs = ['dist', ...(audience === undefined ? [] : [audienceOut(audience.name)])].map((out) => `${out}\n${out}.builds/\n`).join('');
  plan.push({ file: '.gitignore', data: `${outputs}node_modules/\n${LOCK_FILE}*\n`, mode: 0o644 });
  plan.push({ file: 'README.md', data: readme(name, source, options.branch ?? 'main', audience?.name), mode: 0o644 });

  const target = await inspectTarget(dir);
  const present = target.missing.length > 0 ? new Set<string>() : await checkInside(dir, plan.map((p) => p.file));
  return { files: await writePlan(dir, target.missing, present, plan) };
}

/**
 * Where init may write: `missing` lists the folders to create for `dir`, outermost first (empty when
 * it exists). A usage error for an empty path, a path under a file or through a link that leads
 * nowhere, a file, and a folder holding an entry that does not start with a dot.
 */
async function inspectTarget(dir: string): Promise<{ missing: string[] }> {
  if (dir === '') throw fail(COMMAND.initEmptyPath, undefined);
  if (dir.includes('\0')) throw fail(COMMAND.initPathBlocked, { dir, reason: 'it holds a NUL character' });
  const shown = (p: string): string => (path.isAbsolute(dir) ? p : path.relative(process.cwd(), p) || '.');
  const missing: string[] = [];
  // Up from the folder to the first part of the path that exists: a bounded walk, one lstat a level.
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const info = await lstat(current).catch((error: NodeJS.ErrnoException) => {
      // Missing, or under a file or a loop of links: the walk goes on up and finds which.
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'ELOOP') return null;
      throw fail(COMMAND.initPathBlocked, { dir, reason: `${shown(current)} cannot be read (${error.message})` }, { cause: error });
    });
    if (info === null) {
      if (current === path.dirname(current)) throw fail(COMMAND.initPathBlocked, { dir, reason: 'no part of it exists' });
      missing.unshift(current);
      continue;
    }
    let folder = info.isDirectory();
    if (info.isSymbolicLink()) {
      const to = await readlink(current).catch(() => '?');
      const real = await stat(current).catch((error: NodeJS.ErrnoException) => {
        const why =
          error.code === 'ELOOP' ? 'a loop of links' : error.code === 'ENOENT' || error.code === 'ENOTDIR' ? 'nothing that exists' : `an error (${error.message})`;
        throw fail(COMMAND.initPathBlocked, { dir, reason: `${shown(current)} is a link to ${to}, which leads to ${why}` }, { cause: error });
      });
      folder = real.isDirectory();
    }
    if (!folder) {
      if (missing.length === 0) throw fail(COMMAND.initNotFolder, { dir });
      throw fail(COMMAND.initPathBlocked, { dir, reason: `${shown(current)} is a file, not a folder` });
    }
    if (missing.length > 0) return { missing };
    const entries = await readdir(current).catch((error: Error) => {
      throw fail(COMMAND.initPathBlocked, { dir, reason: `it cannot be read (${error.message})` }, { cause: error });
    });
    const named = entries.filter((e) => !e.startsWith('.'));
    if (named.length > 0) throw fail(COMMAND.initNotEmpty, { dir, names: named.sort() });
    return { missing };
  }
}

/**
 * An existing folder holding only dot-entries (a fresh clone's `.git`): none of `files` may exist,
 * and every folder they go in must be a folder or absent. Returns the folders that exist (relative).
 */
async function checkInside(dir: string, files: string[]): Promise<Set<string>> {
  const present = new Set<string>();
  const conflicts = new Set<string>();
  const kinds = new Map<string, 'folder' | 'absent' | 'other' | 'link'>();
  // What is at `rel`. A link inside the folder is in the way, whatever it leads to: a `.github` link
  // to another folder would have init write its workflows there, outside the repository.
  const kindOf = async (rel: string): Promise<'folder' | 'absent' | 'other' | 'link'> => {
    let kind = kinds.get(rel);
    if (kind === undefined) {
      const info = await lstat(path.join(dir, ...rel.split('/'))).catch(() => null);
      kind = info === null ? 'absent' : info.isSymbolicLink() ? 'link' : info.isDirectory() ? 'folder' : 'other';
      kinds.set(rel, kind);
    }
    return kind;
  };
  for (const file of files) {
    const parts = file.split('/');
    let inside: 'folder' | 'absent' | 'other' | 'link' = 'folder';
    for (let i = 1; i < parts.length && inside === 'folder'; i++) {
      const folder = parts.slice(0, i).join('/');
      inside = await kindOf(folder);
      if (inside === 'folder') present.add(folder);
      if (inside === 'other') conflicts.add(`${folder} (not a folder)`);
      if (inside === 'link') conflicts.add(`${folder} (a link)`);
    }
    if (inside === 'folder' && (await kindOf(file)) !== 'absent') conflicts.add(file);
  }
  if (conflicts.size > 0) throw fail(COMMAND.initWouldOverwrite, { dir, entries: [...conflicts] });
  return present;
}

/**
 * Creates the missing folders (one level at a time, each tried once: no recursive mkdir, which never
 * ends under /proc/self) and every file with the `wx` flag, in order. On any failure it removes what
 * it created (a file counts from its exclusive open, so one cut short by a full disk goes too) and
 * the folders it made, then throws, naming whatever could not be removed.
 */
async function writePlan(
  dir: string,
  missing: string[],
  present: Set<string>,
  plan: { file: string; data: string | Buffer; mode: number }[],
): Promise<string[]> {
  const files: string[] = [];
  const made: string[] = [];
  const undo = async (): Promise<string[]> => {
    const left: string[] = [];
    for (const file of [...files].reverse()) {
      const at = path.join(dir, ...file.split('/'));
      await unlink(at).catch(() => left.push(at));
    }
    for (const folder of [...made].reverse()) await rmdir(folder).catch(() => left.push(folder));
    return left;
  };
  const failed = async (error: unknown, target: string, folder: boolean): Promise<never> => {
    const removed = files.length + made.length;
    const left = await undo();
    const code = (error as NodeJS.ErrnoException).code;
    const detail = (error as Error).message;
    if (code === 'EEXIST') throw fail(COMMAND.initFileAppeared, { target, detail, removed: removed - left.length, left }, { cause: error });
    if (folder) throw fail(COMMAND.initCannotCreate, { dir, detail, removed: removed - left.length, left }, { cause: error });
    throw fail(COMMAND.initWriteFailed, { target, detail, removed: removed - left.length, left }, { cause: error });
  };
  for (const folder of missing) {
    try {
      await mkdir(folder);
    } catch (error) {
      return failed(error, folder, true);
    }
    made.push(folder);
  }
  for (const { file, data, mode } of plan) {
    const parts = file.split('/');
    let target = dir;
    try {
      for (let i = 1; i < parts.length; i++) {
        const folder = parts.slice(0, i).join('/');
        if (present.has(folder)) continue;
        target = path.join(dir, ...parts.slice(0, i));
        await mkdir(target);
        made.push(target);
        present.add(folder);
      }
      target = path.join(dir, ...parts);
      const handle = await open(target, 'wx', mode);
      files.push(file);
      await handle.writeFile(data).catch(async (error: unknown) => {
        await handle.close().catch(() => undefined);
        throw error;
      });
      await handle.close();
    } catch (error) {
      return failed(error, target, false);
    }
  }
  return files;
}

function emptyContent(dir: string): LoadedContent {
  return { dir: path.join(dir, 'content'), site: null, components: [], notices: [], issues: [], unlisted: new Set() };
}

type ContentFiles = Record<string, { kind: 'site' | 'component' | 'notice'; text: string }>;

/** The example content, keyed by path relative to the content folder; its texts in `words`' language. */
function contentFiles(site: { name: string; url: string; now: number; words: Messages; locale?: string; timeZone?: string; audience?: { name: string; url: string } }): ContentFiles {
  const { name, url, now, words } = site;
  const at = isoAt(now);
  const t = (key: MessageKey): string => words.t(key);
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
        {
          name,
          url,
          created_at: at,
          metrics: true,
          ...definedOnly({ locale: site.locale, time_zone: site.timeZone }),
          // The password file on the audience's host, which its nginx configuration names.
          ...(site.audience === undefined ? {} : { audiences: { [site.audience.name]: { url: site.audience.url, password_file: `/etc/nginx/statuspress-${site.audience.name}.htpasswd` } } }),
        },
        { comment: ' The status page: its name and public address (url may carry a path: https://you.github.io/status).' },
      ),
    },
    // The file names stay English whatever the language: `new` and the docs refer to them.
    'components/1-website.yaml': { kind: 'component', text: component(1, t('init.website.name'), t('init.website.description'), 1) },
    'components/2-api.yaml': { kind: 'component', text: component(2, t('init.api.name'), t('init.api.description'), 2) },
    'components/3-rest-api.yaml': { kind: 'component', text: component(3, t('init.restApi.name'), t('init.restApi.description'), 1, 2) },
    'components/4-webhooks.yaml': { kind: 'component', text: component(4, t('init.webhooks.name'), t('init.webhooks.description'), 2, 2) },
    'notices/1-welcome.yaml': {
      kind: 'notice',
      text: toYaml(
        {
          id: 1,
          type: 'general',
          subject: t('init.welcome.subject'),
          components: [],
          expires_at: isoAt(now + 7 * DAY_MS),
          updates: [
            {
              at,
              content: `${t('init.welcome.content')}\n`,
            },
          ],
        },
        { flow: ['components'] },
      ),
    },
  };
}

/** An audience's default address: its name before the public site's host (https://staff.status.example.com). */
function audienceUrl(audience: string, url: string): string {
  const host = URL.canParse(url) ? new URL(url).host : 'status.example.com';
  return `https://${audience}.${host}`;
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
