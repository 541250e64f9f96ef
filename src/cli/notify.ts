// `statuspress notify`: tells chat channels and webhooks what changed since the last deployment.
// Exit 0 when the comparison was made and recorded, even when a target failed (a warning lists each
// failed delivery: the deployment stands); 2 for a usage error (a flag, an unset variable); 1 when
// the content is invalid or the previous state cannot be read or recorded; 128 + the signal's number
// when a signal stopped the sending (what was held for the next run recorded first).
import { excerpt } from '../content/quote.js';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { Command } from './command.js';
import { contentFlag, nowFlag, text, texts } from './command.js';

/** The most characters of an event's headline a report line shows (the headline is content). */
export const HEADLINE_SHOWN = 200;

export const notify: Command = {
  name: 'notify',
  summary: 'Send what changed since the previous deployment to the Slack, Discord, Teams and webhook targets in site.yaml.',
  flags: {
    content: contentFlag('the content folder (site.yaml lists the targets)'),
    previous: {
      type: 'string',
      value: 'FILE|URL',
      description: 'the previous state: a record file notify reads and updates, or the deployed site whose state it reads',
    },
    now: { type: 'string', value: 'ISO', description: 'the moment the deployed build was built as of, with a zone (default: the clock)' },
    'not-deployed': { type: 'string', value: 'NAME', multiple: true, description: "a private audience whose site this run did not deploy: its targets wait for the next run that does" },
    'dry-run': { type: 'boolean', default: false, description: 'print the events that would be sent; send and record nothing' },
  },
  async run(values, out) {
    const previous = text(values, 'previous');
    if (previous === undefined || previous === '') throw fail(COMMAND.notifyNeedsPrevious, undefined);
    const now = nowFlag(values);
    const dryRun = values['dry-run'] === true;
    const { notify: run, signalExit } = await import('../notify/index.js');
    const notDeployed = texts(values, 'not-deployed');
    const result = await run({ contentDir: String(values.content), previous, dryRun, notDeployed, ...(now === undefined ? {} : { now }) });
    const iso = (ms: number): string => new Date(ms).toISOString();
    for (const warning of result.warnings) out.error(`warning: ${warning}`);
    if (result.outcome === 'first-run') {
      out.log(`No previous state at ${previous}: nothing ${dryRun ? 'would be' : 'was'} sent.${result.recorded === null ? '' : ` The state as of ${iso(result.now)} is recorded; the next runs send what changes after it.`}`);
    } else if (result.outcome === 'older') {
      out.log(`The previous state is of a later build (${iso(result.previousNow!)}) than this one (${iso(result.now)}): nothing was sent or recorded.`);
    } else {
      const n = result.events.length;
      out.log(`${n === 0 ? 'No new events' : `${n} new ${n === 1 ? 'event' : 'events'}`} since the build of ${iso(result.previousNow!)} (this build: ${iso(result.now)})${result.alreadySent.length > 0 ? `; ${result.alreadySent.length} sent before, not again` : ''}`);
      // Subjects come from pull requests: escaped and cut, so none can forge a log line or a workflow command.
      for (const { event, message } of result.events) out.log(`  ${event.type}  ${event.id}  ${excerpt(message.headline, HEADLINE_SHOWN)}`);
    }
    if (dryRun) {
      out.log(`Dry run: nothing sent or recorded. Targets: ${result.targets.length === 0 ? 'none in site.yaml' : result.targets.join(', ')}`);
      return 0;
    }
    if (result.targets.length === 0) out.log(`No targets in site.yaml (notify:), so nothing is sent${result.recorded === null ? '' : '; the state is recorded all the same'}.`);
    else if (result.deliveries.length > 0) {
      // Each target on its own: some may have every message while another has none.
      const sent = result.targets.map((label) => {
        const mine = result.deliveries.filter((d) => d.target === label);
        const count = (fate: string): number => mine.filter((d) => d.fate === fate).length;
        const failed = mine.filter((d) => !d.ok && (d.fate === undefined || d.fate === 'partial')).length;
        const notes = [
          [count('partial'), 'partly delivered'],
          [failed - count('partial'), 'not delivered'],
          [count('unknown'), 'unknown'],
          [count('held'), 'held for the next run'],
        ].filter(([n]) => (n as number) > 0);
        return `${label} ${mine.filter((d) => d.ok).length}/${mine.length}${notes.length === 0 ? '' : ` (${notes.map(([n, what]) => `${n} ${what}`).join(', ')})`}`;
      });
      const complete = result.deliveries.every((d) => d.ok);
      out.log(`${complete ? 'Delivered' : 'Delivered in part'}: ${sent.join(', ')}`);
    }
    if (result.recorded !== null) out.log(`Recorded in ${result.recorded}${result.migrated === null ? '' : ` (a record of format ${result.migrated.from}, an older statuspress's, upgraded to format ${result.migrated.to})`}`);
    return result.stopped === null ? 0 : signalExit(result.stopped.signal ?? 'SIGTERM');
  },
};
