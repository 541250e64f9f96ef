// `statuspress update ID`: an update appended to a notice's file, keeping everything else in it as it was.
import path from 'node:path';
import { fail, formatIssue } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import type { Changed } from '../scaffold/update.js';
import type { Command, Out } from './command.js';
import { contentFlag, reportElsewhere, text } from './command.js';

export const update: Command = {
  name: 'update',
  args: 'ID',
  summary: "Add an update at the end of a notice's updates, keeping the file's comments and layout; nothing is written if it would not validate.",
  positionals: true,
  flags: {
    content: contentFlag(),
    state: { type: 'string', value: 'STATE', description: 'the state after this update (unplanned and planned notices; not general ones)' },
    message: { type: 'string', value: 'TEXT', description: "the update's Markdown text (required)" },
    at: { type: 'string', value: 'ISO', description: 'when it was posted, with a zone (default: now, to the second)' },
    'begins-at': { type: 'string', value: 'ISO', description: 'planned notice: move the window to begin then (the update says why)' },
    'ends-at': { type: 'string', value: 'ISO', description: 'planned notice: move the window to end then' },
  },
  async run(values, out, positionals) {
    const id = noticeId('update', positionals);
    const message = text(values, 'message');
    if (message === undefined) throw fail(COMMAND.updateNeedsMessage, undefined);
    const state = text(values, 'state');
    const at = text(values, 'at');
    const beginsAt = text(values, 'begins-at');
    const endsAt = text(values, 'ends-at');
    const { updateNotice } = await import('../scaffold/update.js');
    const contentDir = String(values.content);
    const changed = await updateNotice(contentDir, id, {
      content: message,
      ...(state === undefined ? {} : { state }),
      ...(at === undefined ? {} : { at }),
      ...(beginsAt === undefined ? {} : { beginsAt }),
      ...(endsAt === undefined ? {} : { endsAt }),
    });
    reportChange(out, 'Updated', contentDir, changed);
    return 0;
  },
};

/** The notice id: the one positional argument, a positive whole number. */
export function noticeId(command: 'update' | 'resolve', positionals: string[]): number {
  const [value, ...extra] = positionals;
  if (value === undefined || extra.length > 0) throw fail(COMMAND.noticeIdNeeded, { command });
  const id = /^\d{1,15}$/.test(value) ? Number(value) : 0;
  if (id <= 0) throw fail(COMMAND.noticeIdNeeded, { command, value });
  return id;
}

/**
 * `Updated content/notices/42-api.yaml (update 42003, state resolved)`, then the notes on the file
 * and the problems of other files, which did not stop the change but will stop a build.
 */
export function reportChange(out: Out, verb: string, contentDir: string, changed: Changed): void {
  const facts = [
    ...(changed.update ? [`update ${changed.update.id}${changed.update.state === null ? '' : `, state ${changed.update.state}`}`] : []),
    ...Object.entries(changed.set).map(([key, value]) => `${key} ${value}`),
  ];
  out.log(`${verb} ${path.join(contentDir, changed.file)} (${facts.join('; ')})`);
  for (const note of changed.notes) out.error(`note: ${formatIssue(note)}`);
  reportElsewhere(out, changed.elsewhere);
}
