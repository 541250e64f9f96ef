// `statuspress build`: the content in, the site and API out.
import type { Command } from './command.js';
import { fail, StatuspressError } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { MAX_THREADS } from '../util/limits.js';
import { contentFlag, nowFlag, text, wholeNumber } from './command.js';
import { definedOnly } from '../util/defined.js';

export const build: Command = {
  name: 'build',
  summary: 'Build the status site and its API from the content into the output folder.',
  flags: {
    content: contentFlag('the content folder (site.yaml, components/, notices/)'),
    out: { type: 'string', default: 'dist', value: 'DIR', description: 'the output: a link to the latest complete build' },
    now: { type: 'string', value: 'ISO', description: 'the moment to build as of, with a zone (default: the clock)' },
    templates: { type: 'string', value: 'DIR', description: "the site's own templates (default: templates/ beside the content, if any)" },
    threads: { type: 'string', value: 'N', description: 'threads rendering the HTML site beside the main one, 0 to 4 (default: 1 per core beyond 2, at most 3)' },
    again: { type: 'boolean', default: false, description: 'build the content the output holds again, as of --now (no --content read): what serve runs as the clock changes the site' },
    audience: { type: 'string', value: 'NAME', description: "build that audience's site (site.yaml audiences) at its url (default: the public site)" },
    timings: { type: 'boolean', default: false, description: 'print how long each stage took' },
  },
  async run(values, out) {
    const now = nowFlag(values);
    const templates = text(values, 'templates');
    const audience = text(values, 'audience');
    const threads = values.threads === undefined ? undefined : wholeNumber(values.threads);
    if (threads === null || (threads !== undefined && threads > MAX_THREADS)) throw fail(COMMAND.badThreads, { value: String(values.threads) });
    const started = performance.now();
    const { build: run } = await import('../build.js');
    const kept = values.again ? await (await import('../serve/build-state.js')).readKept(String(values.out)) : undefined;
    const result = await run({
      contentDir: String(values.content),
      outDir: String(values.out),
      ...definedOnly({ now, templatesDir: templates, threads, kept, audience }),
    }).catch((error: unknown) => {
      // Content from a file any hand could edit, not from the validator: whatever breaks is its fault.
      if (kept === undefined || error instanceof StatuspressError) throw error;
      throw fail(COMMAND.keptUnusable, { out: String(values.out), detail: error instanceof Error ? error.message : String(error) }, { cause: error });
    });
    const ms = Math.round(performance.now() - started);
    for (const warning of result.warnings) out.error(`warning: ${warning}`);
    out.log(`Built ${result.files} files (${(result.bytes / 1024).toFixed(0)} KiB) into ${values.out}${audience === undefined ? '' : ` for the audience ${audience}`} as of ${new Date(result.now).toISOString()} in ${ms} ms`);
    if (values.timings) {
      out.log(`${Object.entries(result.timings).map(([stage, t]) => `${stage} ${t} ms`).join(', ')} (files are written and compressed as they are rendered; write is publishing the output)`);
    }
    // Last, for a scheduler to read (also in _statuspress/next-change): from published facts only.
    out.log(result.nextChange === null ? 'Next change by time alone: none' : `Next change by time alone: ${new Date(result.nextChange).toISOString()}`);
    return 0;
  },
};
