// `statuspress dev`: write content and templates with the site open in a browser.
import path from 'node:path';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { WithheldUpdate } from '../dev/clock-text.js';
import type { Command } from './command.js';
import { contentFlag, nowFlag, text, wholeNumber } from './command.js';

export const dev: Command = {
  name: 'dev',
  summary: 'Serve the site from the content and rebuild it on every change, reloading the browser.',
  flags: {
    content: contentFlag('the content folder, watched'),
    templates: { type: 'string', value: 'DIR', description: "the site's own templates, watched (default: templates/ beside the content)" },
    port: { type: 'string', default: '8080', value: 'PORT', description: 'the port to listen on (0: any free one)' },
    host: { type: 'string', default: '127.0.0.1', value: 'ADDR', description: 'the address to listen on' },
    now: { type: 'string', value: 'ISO', description: 'show the site as of this moment, the clock running on from it (default: the clock)' },
  },
  async run(values, out) {
    const port = wholeNumber(values.port);
    if (port === null || port > 65535) throw fail(COMMAND.badPort, { value: String(values.port) });
    const now = nowFlag(values);
    const contentDir = String(values.content);
    const templatesDir = text(values, 'templates') ?? path.join(path.dirname(path.resolve(contentDir)), 'templates');
    const { startDev } = await import('../dev/index.js');
    const { dueText, untilText, withheldText } = await import('../dev/clock-text.js');
    const withheld = (updates: readonly WithheldUpdate[], now: number): void => {
      for (const update of updates) out.log(`  ${withheldText(update, now)}`);
    };
    const running = await startDev({
      contentDir,
      templatesDir,
      host: String(values.host),
      port,
      ...(now === undefined ? {} : { now }),
      onRefresh(result, changed) {
        const names = changed.map((f) => path.relative(process.cwd(), f));
        const what = changed.length === 0 ? 'Built' : `${changed.length > 3 ? `${names.slice(0, 3).join(', ')} and ${changed.length - 3} more` : names.join(', ')} changed: rebuilt`;
        for (const warning of result.warnings) out.error(`warning: ${warning}`);
        if (result.problems.length === 0) {
          out.log(`${what} in ${result.ms} ms`);
          withheld(result.withheld, result.now);
        } else out.error(`${result.problems.join('\n')}\n\n${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}: the page shows them, and the last version that built (${result.ms} ms)`);
      },
      onClock(result) {
        const what = result.due.length > 0 ? dueText(result.due) : 'the clock moved on';
        out.log(`${untilText(result.now - (result.now % 1000), result.now)}: ${what}: derived again in ${result.ms} ms, pages reloaded`);
        withheld(result.withheld, result.now);
      },
    });
    // The signal handlers come first: whoever reads the URL line may signal at once.
    const stopped = new Promise<void>((resolve) => {
      const stop = (): void => void running.close().then(resolve);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    out.log(`Serving ${contentDir} at ${running.url}/ and watching it and ${templatesDir}; Ctrl-C stops`);
    await stopped;
    return 0;
  },
};
