// Notice templates: `templates/notices/NAME.yaml` beside the content holds what a kind of notice
// usually says (its type, subject, components, impact, audience, first state and text), with `{placeholders}` that
// `statuspress new notice --template NAME --set key=value` fills, so the first message of an outage
// is written in seconds and worded as agreed beforehand.
import path from 'node:path';
import { readdirSync } from 'node:fs';
import * as z from 'zod';
import { ContentError, fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import { NOTICE_TEMPLATES_FOLDER } from '../theme/theme.js';
import { IMPACTS, NOTICE_TYPES } from '../content/types.js';
import type { Impact, NoticeType } from '../content/types.js';
import { errorMessage, toFindings } from '../content/messages.js';
import { locate } from '../content/positions.js';
import { MAX_FILE_BYTES, parseText } from '../content/source.js';
import { readTextFile } from './text-file.js';
import { definedOnly } from '../util/defined.js';

/** A template's name: a plain file name without `.yaml`, never a path (`../x`, `a/b`). */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** `{name}` in a subject or text: a placeholder `--set name=…` fills. Other braces are text. */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_-]{0,63})\}/g;
const KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

const templateSchema = z.strictObject({
  type: z.enum(NOTICE_TYPES).default('unplanned'),
  subject: z.string().min(1),
  components: z.array(z.number().int().positive()).optional(),
  // How bad an incident is (an outage's template says so): the notice's `impact`.
  impact: z.enum(IMPACTS).optional(),
  state: z.string().optional(),
  content: z.string().min(1).optional(),
  // The audience (site.yaml `audiences`) a kind of notice is for, as `--audience` gives it: an
  // internal template's notices never post publicly for want of a flag.
  audience: z.string().min(1).optional(),
});

/** A notice template as read: its text still holding its placeholders. */
export type NoticeTemplate = z.output<typeof templateSchema>;

/** What a template gives `new notice`, its placeholders filled. */
export interface FilledTemplate {
  type: NoticeType;
  subject: string;
  components?: number[];
  impact?: Impact;
  state?: string;
  content?: string;
  audience?: string;
}

/** The folder of notice templates under a site's templates/. */
export const noticeTemplatesDir = (templatesDir: string): string => path.join(templatesDir, NOTICE_TEMPLATES_FOLDER);

/** The notice templates of a site's templates folder by name, sorted: what `validate` checks. */
export const noticeTemplateNames = (templatesDir: string): string[] => available(noticeTemplatesDir(templatesDir));

/** The names of the templates in the folder (`outage` for `outage.yaml`), sorted; none when there is no folder. */
function available(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.yaml') && NAME.test(f.slice(0, -'.yaml'.length)))
      .map((f) => f.slice(0, -'.yaml'.length))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Reads and checks `templates/notices/<name>.yaml`: usage errors for a name that is a path, a missing
 * file or one that is no regular file of text; the file's YAML and fields are read as a content
 * file's are (the same reader and limits: aliases, nesting, size, a bounded number of mistakes), and
 * each problem is a ContentError issue at its line, as `validate` reports content.
 */
export function loadNoticeTemplate(templatesDir: string, name: string): NoticeTemplate {
  if (!NAME.test(name)) throw fail(COMMAND.noticeTemplateName, { name });
  const dir = noticeTemplatesDir(templatesDir);
  const file = path.join(dir, `${name}.yaml`);
  const text = readTextFile(file, (problem, missing) => {
    if (missing) throw fail(COMMAND.noticeTemplateMissing, { name, dir, available: available(dir) });
    throw fail(COMMAND.noticeTemplateInvalid, { file, problems: [problem] });
  });
  const { source, issues } = parseText(file.split(path.sep).join('/'), 'notice', text);
  if (issues.length > 0) throw new ContentError(issues);
  if (source.data === null || source.data === undefined) throw new ContentError([locate(source, { path: [], ...say(CONTENT.emptyFile, { kind: 'notice' }) })]);
  const parsed = templateSchema.safeParse(source.data, { error: errorMessage, reportInput: true });
  if (!parsed.success) {
    const found = toFindings(parsed.error.issues, () => TEMPLATE_KEYS).map((finding) => locate(source, finding));
    throw new ContentError(found.sort((a, b) => a.line - b.line || a.column - b.column));
  }
  return parsed.data;
}

const TEMPLATE_KEYS = Object.keys(templateSchema.shape);

/** `key=value` pairs of `--set`, in order; a usage error for one without `=` or a key given twice. */
export function parseSets(sets: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const set of sets) {
    const at = set.indexOf('=');
    const key = at > 0 ? set.slice(0, at) : '';
    if (!KEY.test(key) || values.has(key)) throw fail(COMMAND.badSet, { value: set, twice: values.has(key) });
    values.set(key, set.slice(at + 1));
  }
  return values;
}

/** The placeholders a text holds, in order of first use. */
export const placeholdersOf = (text: string): string[] => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];

/**
 * The template with every placeholder filled from `values`; a usage error listing every placeholder
 * left unfilled, or every value given for none (most often a misspelt key).
 */
export function fillTemplate(name: string, template: NoticeTemplate, values: ReadonlyMap<string, string>): FilledTemplate {
  const used = placeholdersOf(`${template.subject}\n${template.content ?? ''}`);
  const missing = used.filter((key) => !values.has(key));
  if (missing.length > 0) throw fail(COMMAND.noticeTemplateUnfilled, { name, missing });
  const unused = [...values.keys()].filter((key) => !used.includes(key));
  if (unused.length > 0) throw fail(COMMAND.noticeTemplateUnknownSet, { name, keys: unused, placeholders: used });
  // The filled text could never go into a content file past its limit; a placeholder used a huge
  // number of times would otherwise build a string larger than V8 allows, and crash.
  const lengthOf = (text: string): number => text.length + [...text.matchAll(PLACEHOLDER)].reduce((sum, m) => sum + values.get(m[1]!)!.length - m[0].length, 0);
  if (lengthOf(template.subject) + lengthOf(template.content ?? '') > MAX_FILE_BYTES) throw fail(COMMAND.noticeTemplateTooLarge, { name, mib: MAX_FILE_BYTES / 2 ** 20 });
  // One pass over the template's text: a value that holds `{x}` is written as given, never filled again.
  const fill = (text: string): string => text.replace(PLACEHOLDER, (_, key: string) => values.get(key)!);
  return {
    type: template.type,
    subject: fill(template.subject),
    ...definedOnly({ components: template.components, impact: template.impact, state: template.state, content: template.content === undefined ? undefined : fill(template.content), audience: template.audience }),
  };
}
