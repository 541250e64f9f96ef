// `statuspress new notice|maintenance|component`: a new content file with the next free id, checked
// first. `new maintenance` is `new notice --type planned`, with its window required.
import path from 'node:path';
import { fail } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import type { Created } from '../scaffold/new.js';
import type { NoticeType } from '../types.js';
import type { Command } from './command.js';
import { describeNotice, stateWords } from './update.js';
import { contentFlag, integer, integerList, reportElsewhere, text } from './command.js';

export const newFile: Command = {
  name: 'new',
  args: 'notice|maintenance|component',
  summary: 'Add a notice, a maintenance (a planned notice) or a component with the next free id; nothing is written if it would not validate.',
  positionals: true,
  flags: {
    content: contentFlag(),
    type: { type: 'string', value: 'unplanned|planned|general', description: "notice: the notice's type" },
    subject: { type: 'string', value: 'TEXT', description: 'notice, maintenance: one line saying what is happening' },
    components: { type: 'string', value: 'ID,ID', description: 'notice, maintenance: the ids of the components it affects' },
    state: { type: 'string', value: 'STATE', description: "notice, maintenance: the first update's state (default: investigating, scheduled)" },
    message: { type: 'string', value: 'TEXT', description: "notice, maintenance: the first update's Markdown text" },
    'begins-at': { type: 'string', value: 'ISO', description: 'maintenance (planned notice): when the window begins' },
    'ends-at': { type: 'string', value: 'ISO', description: 'maintenance (planned notice): when the window ends' },
    name: { type: 'string', value: 'NAME', description: "component: the component's name" },
    description: { type: 'string', value: 'TEXT', description: 'component: one line about it' },
    parent: { type: 'string', value: 'ID', description: "component: its parent's id" },
    position: { type: 'string', value: 'N', description: 'component: its order among its siblings' },
  },
  async run(values, out, positionals) {
    const [kind, ...extra] = positionals;
    const contentDir = String(values.content);
    if (extra.length > 0 || (kind !== 'notice' && kind !== 'maintenance' && kind !== 'component')) throw fail(COMMAND.newNeedsKind, undefined);
    const { newComponent, newNotice } = await import('../scaffold/new.js');
    let created: Created;
    if (kind === 'notice' || kind === 'maintenance') {
      let type = text(values, 'type');
      const subject = text(values, 'subject');
      if (kind === 'maintenance') {
        if (type !== undefined && type !== 'planned') throw fail(COMMAND.maintenanceIsPlanned, { type });
        if (subject === undefined || text(values, 'begins-at') === undefined || text(values, 'ends-at') === undefined) {
          throw fail(COMMAND.maintenanceNeeds, undefined);
        }
        type = 'planned';
      }
      if (type === undefined || subject === undefined) throw fail(COMMAND.noticeNeedsTypeAndSubject, undefined);
      const components = text(values, 'components');
      const state = text(values, 'state');
      const message = text(values, 'message');
      const beginsAt = text(values, 'begins-at');
      const endsAt = text(values, 'ends-at');
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
      const name = text(values, 'name');
      if (name === undefined) throw fail(COMMAND.componentNeedsName, undefined);
      const description = text(values, 'description');
      const parent = text(values, 'parent');
      const position = text(values, 'position');
      created = await newComponent(contentDir, {
        name,
        ...(description !== undefined ? { description } : {}),
        ...(parent !== undefined ? { parentId: integer(parent, '--parent') } : {}),
        ...(position !== undefined ? { position: integer(position, '--position') } : {}),
      });
    }
    out.log(`Created ${path.join(contentDir, created.file)} (id ${created.id})`);
    if (created.notice) out.log(`  ${describeNotice(created.notice)}: ${stateWords(created.notice)}`);
    reportElsewhere(out, created.elsewhere, contentDir);
    return 0;
  },
};
