// `statuspress new notice|maintenance|component`: a new content file with the next free id, checked
// first. `new maintenance` is `new notice --type planned`, with its window required: when it begins
// and ends, or how far from now it begins (`--in`) and how long it lasts (`--for`).
import path from 'node:path';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { Created } from '../scaffold/new.js';
import type { NoticeType } from '../content/types.js';
import type { Command, Values } from './command.js';
import { describeNotice, stateWords } from './update.js';
import { authoringNowFlag, contentFlag, duration, integer, integerList, nowOption, reportElsewhere, text, texts } from './command.js';
import type { FilledTemplate } from '../scaffold/notice-template.js';
import { definedOnly } from '../util/defined.js';

/** The notice template `name` of the site (templates/ beside the content, or `templatesDir`), filled from `--set`. */
async function fromTemplate(contentDir: string, name: string, sets: string[], templatesDir: string | undefined): Promise<FilledTemplate> {
  const { fillTemplate, loadNoticeTemplate, parseSets } = await import('../scaffold/notice-template.js');
  const values = parseSets(sets);
  // templates/ beside the content, named as the command was given the content (`templates/notices/outage.yaml`), so problems read as validate's do.
  return fillTemplate(name, loadNoticeTemplate(templatesDir ?? path.join(path.dirname(contentDir), 'templates'), name), values);
}

export const newFile: Command = {
  name: 'new',
  args: 'notice|maintenance|component',
  summary: 'Add a notice, a maintenance (a planned notice) or a component with the next free id; nothing is written if it would not validate.',
  positionals: true,
  flags: {
    content: contentFlag(),
    now: authoringNowFlag(),
    type: { type: 'string', value: 'unplanned|planned|general', description: "notice: the notice's type" },
    subject: { type: 'string', value: 'TEXT', description: 'notice, maintenance: one line saying what is happening' },
    components: { type: 'string', value: 'ID,ID', description: 'notice, maintenance: the ids of the components it affects' },
    state: { type: 'string', value: 'STATE', description: "notice, maintenance: the first update's state (default: investigating, scheduled)" },
    message: { type: 'string', value: 'TEXT', description: "notice, maintenance: the first update's Markdown text" },
    'begins-at': { type: 'string', value: 'ISO', description: 'maintenance (planned notice): when the window begins' },
    'ends-at': { type: 'string', value: 'ISO', description: 'maintenance (planned notice): when the window ends' },
    in: { type: 'string', value: 'DURATION', description: 'maintenance, instead of --begins-at: the window begins this long after now, to the minute (30m, 2h, 3d, 1d12h)' },
    for: { type: 'string', value: 'DURATION', description: 'maintenance, instead of --ends-at: the window lasts this long (1h, 90m)' },
    name: { type: 'string', value: 'NAME', description: "component: the component's name" },
    description: { type: 'string', value: 'TEXT', description: 'component: one line about it' },
    parent: { type: 'string', value: 'ID', description: "component: its parent's id" },
    position: { type: 'string', value: 'N', description: 'component: its order among its siblings' },
    template: { type: 'string', value: 'NAME', description: 'notice, maintenance: start from templates/notices/NAME.yaml (the options above override it)' },
    set: { type: 'string', value: 'KEY=VALUE', multiple: true, description: "with --template: fill the template's {KEY} with VALUE (once per placeholder)" },
    templates: { type: 'string', value: 'DIR', description: "with --template: the site's templates folder (default: templates/ beside the content)" },
    audience: { type: 'string', value: 'NAME', description: "the audience (site.yaml audiences) it belongs to; its id comes from that audience's range" },
    lang: { type: 'string', value: 'LOCALE', description: "the language (one of site.yaml's locales) of the -translation options" },
    'subject-translation': { type: 'string', value: 'TEXT', description: 'with --lang: the subject in that language' },
    'message-translation': { type: 'string', value: 'TEXT', description: "with --lang: the first update's text in that language" },
    'name-translation': { type: 'string', value: 'TEXT', description: "component, with --lang: the component's name in that language" },
    'description-translation': { type: 'string', value: 'TEXT', description: 'component, with --lang: its description in that language' },
  },
  async run(values, out, positionals) {
    const [kind, ...extra] = positionals;
    const contentDir = String(values.content);
    if (extra.length > 0 || (kind !== 'notice' && kind !== 'maintenance' && kind !== 'component')) throw fail(COMMAND.newNeedsKind, undefined);
    const templateName = text(values, 'template');
    const sets = texts(values, 'set');
    if ((kind === 'component' && templateName !== undefined) || (templateName === undefined && sets.length > 0)) throw fail(COMMAND.templateNeedsNotice, undefined);
    const template = templateName === undefined ? undefined : await fromTemplate(contentDir, templateName, sets, text(values, 'templates'));
    const { newComponent, newNotice } = await import('../scaffold/new.js');
    let created: Created;
    if (kind === 'notice' || kind === 'maintenance') {
      // A template gives what the options do not.
      let type = text(values, 'type') ?? template?.type;
      const subject = text(values, 'subject') ?? template?.subject;
      if (kind === 'maintenance') {
        if (type !== undefined && type !== 'planned') {
          // Say where the type came from: the template's, when no --type was given.
          throw fail(COMMAND.maintenanceIsPlanned, { type, ...(text(values, 'type') === undefined && templateName !== undefined ? { template: templateName } : {}) });
        }
        if (subject === undefined || (text(values, 'begins-at') ?? text(values, 'in')) === undefined || (text(values, 'ends-at') ?? text(values, 'for')) === undefined) {
          throw fail(COMMAND.maintenanceNeeds, undefined);
        }
        type = 'planned';
      }
      if (type === undefined || subject === undefined) throw fail(COMMAND.noticeNeedsTypeAndSubject, undefined);
      const components = text(values, 'components');
      const state = text(values, 'state') ?? template?.state;
      const message = text(values, 'message') ?? template?.content;
      const beginsAt = text(values, 'begins-at');
      const endsAt = text(values, 'ends-at');
      const beginsIn = text(values, 'in');
      const lasts = text(values, 'for');
      if (beginsIn !== undefined && beginsAt !== undefined) throw fail(COMMAND.windowTwice, { flags: '--in and --begins-at' });
      if (lasts !== undefined && endsAt !== undefined) throw fail(COMMAND.windowTwice, { flags: '--for and --ends-at' });
      const lang = text(values, 'lang');
      const translatedSubject = text(values, 'subject-translation');
      const translatedMessage = text(values, 'message-translation');
      // A component's texts given to a notice would be dropped: refused, named.
      const foreign = ['name-translation', 'description-translation'].find((flag) => text(values, flag) !== undefined);
      if (foreign !== undefined) throw fail(COMMAND.translationNeedsText, { foreign: `--${foreign}`, texts: '--subject-translation and/or --message-translation' });
      if (lang === undefined ? translatedSubject !== undefined || translatedMessage !== undefined : translatedSubject === undefined && translatedMessage === undefined) {
        throw fail(COMMAND.translationNeedsText, { texts: '--lang TAG with --subject-translation and/or --message-translation' });
      }
      created = await newNotice(contentDir, {
        ...nowOption(values),
        ...(template?.audience === undefined ? {} : { audience: template.audience }),
        ...audienceOption(values),
        type: type as NoticeType,
        subject,
        ...(components !== undefined
          ? { components: integerList(components, '--components') }
          : template?.components !== undefined
            ? { components: template.components }
            : {}),
        ...definedOnly({ impact: template?.impact, state, content: message, beginsAt, endsAt }),
        ...(beginsIn !== undefined ? { beginsIn: duration(beginsIn, '--in') } : {}),
        ...(lasts !== undefined ? { lasts: duration(lasts, '--for') } : {}),
        ...(lang === undefined ? {} : { translation: { lang, ...definedOnly({ subject: translatedSubject, content: translatedMessage }) } }),
      });
    } else {
      const name = text(values, 'name');
      if (name === undefined) throw fail(COMMAND.componentNeedsName, undefined);
      const description = text(values, 'description');
      const parent = text(values, 'parent');
      const position = text(values, 'position');
      const lang = text(values, 'lang');
      const translatedName = text(values, 'name-translation');
      const translatedDescription = text(values, 'description-translation');
      const foreign = ['subject-translation', 'message-translation'].find((flag) => text(values, flag) !== undefined);
      if (foreign !== undefined) throw fail(COMMAND.translationNeedsText, { foreign: `--${foreign}`, texts: '--name-translation and/or --description-translation' });
      if (lang === undefined ? translatedName !== undefined || translatedDescription !== undefined : translatedName === undefined && translatedDescription === undefined) {
        throw fail(COMMAND.translationNeedsText, { texts: '--lang TAG with --name-translation and/or --description-translation' });
      }
      created = await newComponent(contentDir, {
        ...nowOption(values),
        ...audienceOption(values),
        name,
        ...definedOnly({ description }),
        ...(parent !== undefined ? { parentId: integer(parent, '--parent') } : {}),
        ...(position !== undefined ? { position: integer(position, '--position') } : {}),
        ...(lang === undefined ? {} : { translation: { lang, ...definedOnly({ name: translatedName, description: translatedDescription }) } }),
      });
    }
    out.log(`Created ${path.join(contentDir, created.file)} (id ${created.id})`);
    if (created.notice) out.log(`  ${describeNotice(created.notice)}: ${stateWords(created.notice)}`);
    for (const warning of created.warnings) out.error(`warning: ${warning}`);
    reportElsewhere(out, created.elsewhere, contentDir);
    return 0;
  },
};

/** `--audience NAME`, when given. */
const audienceOption = (values: Values): { audience?: string } => definedOnly({ audience: text(values, 'audience') });
