// `statuspress update ID`: an update appended to a notice's file, keeping everything else in it as it was.
import path from 'node:path';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { quote } from '../content/quote.js';
import type { Changed, Standing } from '../scaffold/update.js';
import type { Command, Out, Values } from './command.js';
import { authoringNowFlag, contentFlag, noteLine, nowOption, reportElsewhere, text } from './command.js';
import { definedOnly } from '../util/defined.js';

/** `--lang` and `--update`: `update` and `resolve` add a translation with them, and change nothing else. */
export const TRANSLATION_FLAGS = {
  lang: { type: 'string', value: 'LOCALE', description: 'add a translation in this language (one of site.yaml\'s locales) of --message (and --subject) instead of a new update' },
  update: { type: 'string', value: 'ID', description: 'with --lang: the update to translate, by its id (default: the latest in time)' },
} as const;

export const update: Command = {
  name: 'update',
  args: 'ID',
  summary: "Add an update to a notice (at the end of its updates, or the top when they are newest first), keeping the file's comments and layout; nothing is written if it would not validate.",
  positionals: true,
  flags: {
    content: contentFlag(),
    now: authoringNowFlag(),
    state: { type: 'string', value: 'STATE', description: 'the state after this update (unplanned and planned notices; not general ones)' },
    message: { type: 'string', value: 'TEXT', description: "the update's Markdown text (required)" },
    at: { type: 'string', value: 'ISO', description: 'when it was posted, with a zone (default: now, to the second)' },
    'begins-at': { type: 'string', value: 'ISO', description: 'planned notice: move the window to begin then (the update says why)' },
    'ends-at': { type: 'string', value: 'ISO', description: 'planned notice: move the window to end then' },
    backdate: { type: 'boolean', description: "allow --at before the notice's latest published update (renumbers the updates after it)" },
    reopen: { type: 'boolean', description: 'allow an update to a notice whose latest update is over a day old' },
    announcement: { type: 'boolean', description: 'allow an update to an announcement (a general notice) while an incident is open' },
    ...TRANSLATION_FLAGS,
    subject: { type: 'string', value: 'TEXT', description: "with --lang: the notice's subject in that language" },
  },
  async run(values, out, positionals) {
    const id = noticeId('update', positionals);
    if (text(values, 'lang') !== undefined) return translate(values, out, id, ['state', 'at', 'begins-at', 'ends-at', 'backdate', 'reopen', 'announcement']);
    const message = text(values, 'message');
    if (message === undefined) throw fail(COMMAND.updateNeedsMessage, undefined);
    const state = text(values, 'state');
    const at = text(values, 'at');
    const beginsAt = text(values, 'begins-at');
    const endsAt = text(values, 'ends-at');
    const { updateNotice } = await import('../scaffold/update.js');
    const contentDir = String(values.content);
    const changed = await updateNotice(contentDir, id, {
      ...nowOption(values),
      content: message,
      ...definedOnly({ state, at, beginsAt, endsAt }),
      backdate: values.backdate === true,
      reopen: values.reopen === true,
      announcement: values.announcement === true,
    });
    reportChange(out, 'Updated', contentDir, changed);
    return 0;
  },
};

/**
 * `update|resolve ID --lang de --message …`: a translation of the notice's latest update (or
 * `--update`'s) and with `--subject` of its subject; the flags of a change (`refused`) are refused.
 */
export async function translate(values: Values, out: Out, id: number, refused: readonly string[]): Promise<number> {
  const flag = refused.find((name) => values[name] !== undefined && values[name] !== false);
  if (flag !== undefined) throw fail(COMMAND.translationNeedsText, { flag: `--${flag}` });
  const message = text(values, 'message');
  const subject = text(values, 'subject');
  if (message === undefined && subject === undefined) throw fail(COMMAND.translationNeedsText, {});
  // As given: one that is no id is refused by translateNotice, which knows the notice's ids to name.
  const chosen = text(values, 'update');
  const { translateNotice } = await import('../scaffold/translate.js');
  const contentDir = String(values.content);
  const lang = text(values, 'lang')!;
  const changed = await translateNotice(contentDir, id, {
    ...nowOption(values),
    lang,
    ...definedOnly({ content: message, subject, updateId: chosen }),
  });
  out.log(`Translated ${path.join(contentDir, changed.file)} (${lang}: ${changed.paths.join(', ')}${changed.update ? `; update ${changed.update.id}` : ''})`);
  out.log(`  ${describeNotice(changed.after)}: ${stateWords(changed.before)} -> ${stateWords(changed.after)}`);
  for (const note of changed.notes) out.error(noteLine(note, contentDir));
  reportElsewhere(out, changed.elsewhere, contentDir);
  return 0;
}

/** `notice 42 "Elevated error rates" (unplanned)`: the subject quoted, escaped and cut as in every message. */
export const describeNotice = (notice: Standing): string => `notice ${notice.id} ${quote(notice.subject, 80)} (${notice.type})`;

export const stateWords = (notice: Standing): string => notice.state ?? 'not published yet';

/** The notice id: the one positional argument, a positive whole number. */
export function noticeId(command: 'update' | 'resolve' | 'postmortem', positionals: string[]): number {
  const [value, ...extra] = positionals;
  if (value === undefined || extra.length > 0) throw fail(COMMAND.noticeIdNeeded, { command });
  const id = /^\d{1,15}$/.test(value) ? Number(value) : 0;
  if (id <= 0) throw fail(COMMAND.noticeIdNeeded, { command, value });
  return id;
}

/**
 * `Updated content/notices/42-api.yaml (update 42003, state resolved)`, the notice it changed
 * (`  notice 42 "Elevated error rates" (unplanned): identified -> resolved`), then the notes on the
 * file and the problems of other files, which did not stop the change but will stop a build.
 */
export function reportChange(out: Out, verb: string, contentDir: string, changed: Changed): void {
  const facts = [
    ...(changed.update ? [`update ${changed.update.id}${changed.update.state === null ? '' : `, state ${changed.update.state}`}`] : []),
    ...Object.entries(changed.set).map(([key, value]) => `${key} ${value}`),
  ];
  out.log(`${verb} ${path.join(contentDir, changed.file)} (${facts.join('; ')})`);
  out.log(`  ${describeNotice(changed.after)}: ${stateWords(changed.before)} -> ${stateWords(changed.after)}`);
  for (const note of changed.notes) out.error(noteLine(note, contentDir));
  reportElsewhere(out, changed.elsewhere, contentDir);
}
