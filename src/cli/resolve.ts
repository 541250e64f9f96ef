// `statuspress resolve ID`: end a notice: an incident resolved, a maintenance complete, an announcement expired.
import type { Command } from './command.js';
import { authoringNowFlag, contentFlag, nowOption, text } from './command.js';
import { noticeId, reportChange, translate, TRANSLATION_FLAGS } from './update.js';
import { definedOnly } from '../util/defined.js';

export const resolve: Command = {
  name: 'resolve',
  args: 'ID',
  summary: 'End a notice: an incident gets a resolved update, a maintenance that has begun a complete one, a general notice expires_at now.',
  positionals: true,
  flags: {
    content: contentFlag(),
    now: authoringNowFlag(),
    message: { type: 'string', value: 'TEXT', description: "the update's Markdown text (default: a sentence for the type; general notices get an update only with one)" },
    at: { type: 'string', value: 'ISO', description: 'when it ended, with a zone (default: now, to the second)' },
    backdate: { type: 'boolean', description: "allow --at before the notice's latest published update (renumbers the updates after it)" },
    ...TRANSLATION_FLAGS,
    // resolve has no --subject: its --lang translates the update's text only.
    lang: { ...TRANSLATION_FLAGS.lang, description: "add a translation in this language (one of site.yaml's locales) of --message instead of a new update" },
  },
  async run(values, out, positionals) {
    const id = noticeId('resolve', positionals);
    if (text(values, 'lang') !== undefined) return translate(values, out, id, ['at', 'backdate']);
    const message = text(values, 'message');
    const at = text(values, 'at');
    const { resolveNotice } = await import('../scaffold/update.js');
    const contentDir = String(values.content);
    const changed = await resolveNotice(contentDir, id, {
      ...nowOption(values),
      ...definedOnly({ content: message, at }),
      backdate: values.backdate === true,
    });
    reportChange(out, 'Resolved', contentDir, changed);
    return 0;
  },
};
