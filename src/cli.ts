// The thin CLI: parse flags, call the core, print, choose the exit code. Nothing below src/cli.ts
// prints or exits. Exit 0 success, 1 content errors (all listed) and other failures, 2 usage errors:
// each error's code comes from its entry of the catalogue (src/errors/).
// Each command imports the core it needs when it runs: loading the server and the scaffolding up
// front would cost every build 20-35 ms, and `validate` 30-35 ms more (the renderer and the writer
// too), measured on 2026-11-23 against builds of 2,000 notices that take 0.7-0.8 s.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { ContentError, fail, formatIssue, StatuspressError } from './errors.js';
import type { ContentIssue } from './errors.js';
import { COMMAND } from './errors/command.js';
import type { NoticeType } from './types.js';
import { DEFAULT_RATE_LIMIT } from './serve/rate-limit.js';
import { parseTimestamp } from './time.js';

/** 0001-01-01T00:00:00Z. */
const YEAR_1 = -62_135_596_800_000;

type Options = NonNullable<ParseArgsConfig['options']>;
type Out = { log: (line: string) => void; error: (line: string) => void };

const USAGE = `statuspress — status pages from YAML in git

Usage:
  statuspress build    [--content content] [--out dist] [--now ISO] [--templates DIR] [--timings]
  statuspress validate [--content content] [--format text|github]
  statuspress serve    [--dir dist] [--port 8080] [--host 127.0.0.1] [--base /path]
                       [--rate-limit ${DEFAULT_RATE_LIMIT}] [--trust-proxy ADDR,ADDR] [--access-log]
  statuspress init     DIR [--name NAME] [--url URL]
  statuspress new      notice --type unplanned|planned|general --subject TEXT [--components 1,2] [--state S]
                       [--message TEXT] [--begins-at ISO --ends-at ISO] [--content content]
  statuspress new      component --name NAME [--description TEXT] [--parent ID] [--position N] [--content content]
  statuspress host-config nginx|netlify [--dir dist] [--root PATH] [--listen ADDR:PORT] [--server-name NAME] [--rate-limit ${DEFAULT_RATE_LIMIT}]

Run \`statuspress <command> --help\` for a command's options.`;

const COMMANDS: Record<string, { options: Options; positionals?: boolean; run: (values: Values, out: Out, positionals: string[]) => Promise<number> }> = {
  build: {
    options: {
      content: { type: 'string', default: 'content' },
      out: { type: 'string', default: 'dist' },
      now: { type: 'string' },
      templates: { type: 'string' },
      timings: { type: 'boolean', default: false },
    },
    run: runBuild,
  },
  validate: {
    options: { content: { type: 'string', default: 'content' }, format: { type: 'string', default: 'text' } },
    run: runValidate,
  },
  init: {
    options: { name: { type: 'string' }, url: { type: 'string' } },
    positionals: true,
    run: runInit,
  },
  new: {
    options: {
      content: { type: 'string', default: 'content' },
      type: { type: 'string' },
      subject: { type: 'string' },
      components: { type: 'string' },
      state: { type: 'string' },
      message: { type: 'string' },
      'begins-at': { type: 'string' },
      'ends-at': { type: 'string' },
      name: { type: 'string' },
      description: { type: 'string' },
      parent: { type: 'string' },
      position: { type: 'string' },
    },
    positionals: true,
    run: runNew,
  },
  'host-config': {
    options: {
      dir: { type: 'string', default: 'dist' },
      root: { type: 'string' },
      listen: { type: 'string', default: '80' },
      'server-name': { type: 'string', default: '_' },
      'rate-limit': { type: 'string', default: String(DEFAULT_RATE_LIMIT) },
    },
    positionals: true,
    run: runHostConfig,
  },
  serve: {
    options: {
      dir: { type: 'string', default: 'dist' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      base: { type: 'string', default: '' },
      'rate-limit': { type: 'string', default: String(DEFAULT_RATE_LIMIT) },
      'trust-proxy': { type: 'string', default: '' },
      'access-log': { type: 'boolean', default: false },
    },
    run: runServe,
  },
};

type Values = Record<string, string | boolean | undefined>;

/** Runs the CLI; resolves to the exit code (serve resolves only once the server has stopped). */
export async function main(argv: string[], out: Out = { log: console.log, error: console.error }): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out.log(USAGE);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    out.log(`statuspress ${version()}`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) return report(fail(COMMAND.unknownCommand, { name }), out);
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: command.positionals ?? false,
    });
    if (values.help) {
      out.log(commandHelp(name, command.options));
      return 0;
    }
    return await command.run(values, out, positionals);
  } catch (error) {
    return report(error, out, name, command.options);
  }
}

/** The version in package.json, one folder above this file both in src/ and in the lib/ bundle (cli.js is an entry point, never a chunk). */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function commandHelp(name: string, options: Options): string {
  const flags = Object.entries(options).map(([flag, o]) => `  --${flag}${o.default !== undefined ? `  (default: ${String(o.default)})` : ''}`);
  return `Usage: statuspress ${name} [options]\n\nOptions:\n${flags.join('\n')}`;
}

/** Prints an error of `name` (no name: before a command was found) and returns its exit code. */
function report(error: unknown, out: Out, name?: string, options: Options = {}): number {
  if (error instanceof ContentError) {
    for (const issue of error.issues) out.error(formatIssue(issue));
    out.error(`\n${error.message}. ${error.hint ?? ''}`.trimEnd());
    return error.exitCode;
  }
  // Node's argument parser words what is wrong with the flags.
  if (((error as { code?: unknown }).code ?? '').toString().startsWith('ERR_PARSE_ARGS')) {
    return report(fail(COMMAND.badArguments, { detail: (error as Error).message }), out, name, options);
  }
  if (error instanceof StatuspressError) {
    if (error.showsUsage) {
      out.error(`${error.message}\n\n${name === undefined ? USAGE : commandHelp(name, options)}`);
    } else {
      const where = error.location ? `${error.location.file}${error.location.line ? `:${error.location.line}:${error.location.column ?? 1}` : ''}  ` : '';
      out.error(`${where}${error.message}${error.hint ? `\n${error.hint}` : ''}`);
    }
    return error.exitCode;
  }
  out.error(COMMAND.internal.message({ command: name ?? '', detail: (error as Error).stack ?? String(error) }));
  return COMMAND.internal.exit;
}

async function runBuild(values: Values, out: Out): Promise<number> {
  let now: number | undefined;
  if (typeof values.now === 'string') {
    const parsed = parseTimestamp(values.now);
    // From year 1: the default metrics window starts 30 days before `now`, and its dates must stay in years 0000-9999.
    if (parsed === null || parsed < YEAR_1) {
      throw fail(COMMAND.badNow, { value: values.now });
    }
    now = parsed;
  }
  const started = performance.now();
  const { build } = await import('./build.js');
  const result = await build({
    contentDir: String(values.content),
    outDir: String(values.out),
    ...(now === undefined ? {} : { now }),
    ...(typeof values.templates === 'string' ? { templatesDir: values.templates } : {}),
  });
  const ms = Math.round(performance.now() - started);
  for (const warning of result.warnings) out.error(`warning: ${warning}`);
  out.log(`Built ${result.files} files (${(result.bytes / 1024).toFixed(0)} KiB) into ${values.out} as of ${new Date(result.now).toISOString()} in ${ms} ms`);
  if (values.timings) {
    out.log(Object.entries(result.timings).map(([stage, t]) => `${stage} ${t} ms`).join(', ') + ' (files are written and compressed while they are rendered; write is the wait after)');
  }
  return 0;
}

async function runValidate(values: Values, out: Out): Promise<number> {
  const format = values.format;
  if (format !== 'text' && format !== 'github') throw fail(COMMAND.badFormat, { value: String(format) });
  const contentDir = String(values.content);
  const { loadContent, validateContent } = await import('./content/index.js');
  const { issues } = validateContent(await loadContent(contentDir));
  if (issues.length === 0) {
    out.log(`${contentDir}: no problems found`);
    return 0;
  }
  for (const issue of issues) out.error(format === 'github' ? githubAnnotation(contentDir, issue) : formatIssue(issue));
  out.error(`\n${COMMAND.contentInvalid.message({ count: issues.length, folder: contentDir })}`);
  return COMMAND.contentInvalid.exit;
}

/**
 * A GitHub Actions workflow command: shows the problem on the pull request's changed line, titled
 * with the field and the problem's code (`updates.1.stat (content/unknown-key)`), which docs/errors.md explains.
 */
function githubAnnotation(contentDir: string, issue: ContentIssue): string {
  const escape = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (s: string): string => escape(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const file = path.posix.join(contentDir.split(path.sep).join('/'), issue.file);
  const title = issue.path ? `${issue.path} (${issue.code})` : issue.code;
  return `::error file=${property(file)},line=${issue.line},col=${issue.column},title=${property(title)}::${escape(issue.message)}`;
}

async function runInit(values: Values, out: Out, positionals: string[]): Promise<number> {
  const [dir, ...extra] = positionals;
  if (dir === undefined || extra.length > 0) throw fail(COMMAND.initNeedsFolder, undefined);
  const { initSite } = await import('./scaffold/init.js');
  const { files } = await initSite(dir, {
    ...(typeof values.name === 'string' ? { name: values.name } : {}),
    ...(typeof values.url === 'string' ? { url: values.url } : {}),
  });
  out.log(`Created a status page in ${dir}:\n${files.map((f) => `  ${f}`).join('\n')}\n\nNext: cd ${dir} && npm install && npx statuspress build && npx statuspress serve`);
  return 0;
}

/** A flag's value as a whole number ≥ 0 written in digits; null for anything else ("", "1.5", "-1"). */
const wholeNumber = (value: unknown): number | null =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null;

const integerList = (text: string, flag: '--components'): number[] =>
  text.split(',').map((part) => {
    const n = Number(part.trim());
    if (!Number.isSafeInteger(n) || n <= 0) throw fail(COMMAND.badComponentIds, { flag, value: text });
    return n;
  });

const integer = (text: string, flag: '--parent' | '--position'): number => {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw fail(COMMAND.notWholeNumber, { flag, value: text });
  return n;
};

async function runNew(values: Values, out: Out, positionals: string[]): Promise<number> {
  const [kind, ...extra] = positionals;
  const contentDir = String(values.content);
  const text = (flag: string): string | undefined => (typeof values[flag] === 'string' ? (values[flag] as string) : undefined);
  if (extra.length > 0 || (kind !== 'notice' && kind !== 'component')) {
    throw fail(COMMAND.newNeedsKind, undefined);
  }
  const { newComponent, newNotice } = await import('./scaffold/new.js');
  let created: { file: string; id: number };
  if (kind === 'notice') {
    const type = text('type');
    const subject = text('subject');
    if (type === undefined || subject === undefined) throw fail(COMMAND.noticeNeedsTypeAndSubject, undefined);
    const components = text('components');
    const state = text('state');
    const message = text('message');
    const beginsAt = text('begins-at');
    const endsAt = text('ends-at');
    created = await newNotice(contentDir, {
      type: type as NoticeType,
      subject,
      ...(components !== undefined ? { components: integerList(components, '--components') } : {}),
      ...(state !== undefined ? { state } : {}),
      ...(message !== undefined ? { content: message } : {}),
      ...(beginsAt !== undefined ? { beginsAt } : {}),
      ...(endsAt !== undefined ? { endsAt } : {}),
    });
  } else {
    const name = text('name');
    if (name === undefined) throw fail(COMMAND.componentNeedsName, undefined);
    const description = text('description');
    const parent = text('parent');
    const position = text('position');
    created = await newComponent(contentDir, {
      name,
      ...(description !== undefined ? { description } : {}),
      ...(parent !== undefined ? { parentId: integer(parent, '--parent') } : {}),
      ...(position !== undefined ? { position: integer(position, '--position') } : {}),
    });
  }
  out.log(`Created ${path.join(contentDir, created.file)} (id ${created.id})`);
  return 0;
}

async function runHostConfig(values: Values, out: Out, positionals: string[]): Promise<number> {
  const [host, ...extra] = positionals;
  if ((host !== 'nginx' && host !== 'netlify') || extra.length > 0) {
    throw fail(COMMAND.hostNeeded, undefined);
  }
  const { netlifyHeaders, netlifyRedirects, nginxConfig } = await import('./hosting/index.js');
  if (host === 'netlify') {
    out.log(`# file: _redirects\n${netlifyRedirects()}\n# file: _headers\n${netlifyHeaders()}`);
    return 0;
  }
  const rateLimit = wholeNumber(values['rate-limit']);
  if (rateLimit === null) throw fail(COMMAND.notWholeNumber, { flag: '--rate-limit', value: String(values['rate-limit']) });
  const listen = String(values.listen);
  if (!/^(?:[\w.-]+:|\[[0-9a-fA-F:]+\]:)?\d{1,5}$/.test(listen)) throw fail(COMMAND.badListen, { value: listen });
  const root = path.resolve(typeof values.root === 'string' ? values.root : String(values.dir));
  if (/[\s;{}'"]/.test(root)) throw fail(COMMAND.badRoot, { root });
  const serverName = String(values['server-name']);
  if (!/^[\w.*~-]+(?: [\w.*~-]+)*$/.test(serverName)) throw fail(COMMAND.badServerName, { value: serverName });
  out.log(nginxConfig({ root, listen, rateLimit, serverName }));
  return 0;
}

async function runServe(values: Values, out: Out): Promise<number> {
  const port = wholeNumber(values.port);
  if (port === null || port > 65535) throw fail(COMMAND.badPort, { value: String(values.port) });
  const base = String(values.base);
  if (base && !base.startsWith('/')) throw fail(COMMAND.badBase, { base });
  const rateLimit = wholeNumber(values['rate-limit']);
  if (rateLimit === null) throw fail(COMMAND.badRateLimit, { value: String(values['rate-limit']) });
  const trustProxy = String(values['trust-proxy']).split(',').map((s) => s.trim()).filter(Boolean);
  const notAddress = trustProxy.find((a) => isIP(a) === 0);
  if (notAddress !== undefined) throw fail(COMMAND.badTrustProxy, { value: notAddress });
  const { serve } = await import('./serve/server.js');
  const running = await serve({
    dir: String(values.dir),
    host: String(values.host),
    port,
    base,
    rateLimit,
    trustProxy,
    ...(values['access-log'] ? { log: out.log } : {}),
  });
  out.log(`Serving ${values.dir} at ${running.url}${base}/  (API: ${running.url}${base}/api/v1/status)`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      out.log('Shutting down: finishing requests in flight');
      void running.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
