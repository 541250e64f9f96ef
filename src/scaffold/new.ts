// `statuspress new notice|component`: the next free id, a file named after it, and content that is
// checked against the existing content before anything is written.
import { randomBytes } from 'node:crypto';
import { link, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadContent, noticeOf } from '../content/index.js';
import type { LoadedContent, SourceFile } from '../content/index.js';
import { audienceIdRange, audiencesUp } from '../content/audiences.js';
import { field } from '../content/rules.js';
import { fail } from '../errors/error.js';
import { t } from '../i18n/index.js';
import type { ContentIssue } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { parseTimestamp } from '../util/time.js';
import { NOTICE_TYPES } from '../content/types.js';
import type { NoticeType } from '../content/types.js';
import { withContentLock } from './lock.js';
import type { LockOptions } from './lock.js';
import { standingOf } from './update.js';
import type { Standing } from './update.js';
import { byOption, currentSecond, invalidError, isoAt, judge, siteLanguage, slugify, sourceOf, toYaml } from './yaml.js';
import { definedOnly } from '../util/defined.js';

export interface NewNoticeOptions {
  type: NoticeType;
  subject: string;
  /** Impacted component ids (default none). */
  components?: number[];
  /** Unplanned: how bad it is (`minor`, `major`, `critical`), from a notice template; default none (minor). */
  impact?: string;
  /** State of the first update: default `investigating` (unplanned), `scheduled` (planned), none (general). */
  state?: string;
  /** Markdown of the first update; default a sentence for the type. */
  content?: string;
  /** The subject and first update in another of site.yaml's `locales` (validation checks the language). */
  translation?: { lang: string; subject?: string; content?: string };
  /** Planned only, required there: ISO 8601 with a time zone, written as given. */
  beginsAt?: string;
  endsAt?: string;
  /** Instead of `beginsAt`: the window begins this many ms after `now`, to the minute. */
  beginsIn?: number;
  /** Instead of `endsAt`: the window lasts this many ms from its beginning. */
  lasts?: number;
  /** Epoch ms of the first update (default: the current time, to the second). */
  now?: number;
  /** The longest wait for another authoring command on the same content (ms; default 30 s). */
  lockWaitMs?: number;
  /** The audience (site.yaml `audiences`) it belongs to, its id from that audience's range; default: public. */
  audience?: string;
}

export interface NewComponentOptions {
  name: string;
  description?: string;
  parentId?: number;
  position?: number;
  /** The name and description in another of site.yaml's `locales` (validation checks the language). */
  translation?: { lang: string; name?: string; description?: string };
  /** Epoch ms of created_at (default: the current time, to the second). */
  now?: number;
  lockWaitMs?: number;
  audience?: string;
}

/** What was written: `file` relative to the content folder, with forward slashes (`notices/28-api-errors.yaml`). */
export interface Created {
  file: string;
  id: number;
  /** Problems in the other files: they did not stop the new file, which cannot have caused them. */
  elsewhere: ContentIssue[];
  /** A new notice as the page shows it as of its first update. */
  notice?: Standing;
  /** What was written but is most likely not meant (a maintenance window already over). */
  warnings: string[];
}

const DEFAULT_STATE: Record<NoticeType, string | undefined> = {
  unplanned: 'investigating',
  planned: 'scheduled',
  general: undefined,
};


/** Writes `notices/<id>-<slug>.yaml` with one update at `now`; a usage error (and nothing written) when it would not validate. */
export async function newNotice(contentDir: string, options: NewNoticeOptions): Promise<Created> {
  const { type, subject } = options;
  if (!(NOTICE_TYPES as readonly string[]).includes(type)) {
    throw fail(COMMAND.noticeType, { types: NOTICE_TYPES, type: String(type) });
  }
  if (typeof subject !== 'string') throw fail(COMMAND.noticeSubject, undefined);
  isoAt(options.now ?? 0); // a bad `now` is a usage error before the lock
  return withContentLock(contentDir, async () => {
    const now = options.now ?? currentSecond(); // read once the lock is held, after any run it waited for
    const at = isoAt(now);
    const loaded = await loadContent(contentDir);
    const id = nextId(loaded, loaded.notices, options.audience);
    const state = options.state ?? DEFAULT_STATE[type];
    const translated = options.translation;
    const { beginsAt, endsAt } = windowOf(options, now);
    // Only what was given or has a default: the validation below speaks about anything out of place
    // (a window on an unplanned notice, a state on a general one) in the content's own terms.
    const notice = {
      id,
      type,
      subject,
      components: options.components ?? [],
      ...definedOnly({ impact: options.impact, begins_at: beginsAt, ends_at: endsAt, audience: options.audience }),
      updates: [
        {
          at,
          ...(state === undefined ? {} : { state }),
          content: options.content ?? t(siteLanguage(loaded), `authoring.new.${type}`),
          ...(translated?.content === undefined ? {} : { translations: { [translated.lang]: translated.content } }),
        },
      ],
      ...(translated?.subject === undefined ? {} : { translations: { [translated.lang]: { subject: translated.subject } } }),
    };
    const file = `notices/${id}-${slugify(subject, 'notice')}.yaml`;
    const { elsewhere, source } = await create(loaded, 'notice', file, toYaml(notice, { flow: ['components'] }));
    const written = noticeOf(source)!;
    // A window over already is what a date copied from an example gives: written (a maintenance may
    // be entered afterwards), but said.
    const warnings = written.endsAt !== null && written.endsAt <= now ? [COMMAND.windowPassed.message({ id, ends: isoAt(written.endsAt), now: isoAt(now) })] : [];
    const privateOnly = options.audience === undefined ? privateAudiencesOf(loaded, written.components) : null;
    if (privateOnly !== null) warnings.push(COMMAND.privateComponentsPublicNotice.message({ id, audiences: privateOnly }));
    return { file, id, elsewhere, notice: standingOf(written, now), warnings };
  }, lockOptions(options));
}

/** The audiences that see the components, when every one of them is private (seen by a private audience only); null otherwise, or for none. */
function privateAudiencesOf(loaded: LoadedContent, components: readonly number[]): string[] | null {
  if (components.length === 0) return null;
  const seenBy = audiencesUp(loaded.components);
  const names = new Set<string>();
  for (const id of components) {
    const audiences = seenBy(id);
    if (audiences === null) return null;
    for (const name of audiences) names.add(name);
  }
  return [...names];
}

const MINUTE = 60_000;

/**
 * The window as the file gives it: `--begins-at`/`--ends-at` as written, `--in` counted from `now`
 * (to the minute, as a person would write it) and `--for` from the beginning.
 */
function windowOf(options: NewNoticeOptions, now: number): { beginsAt?: string; endsAt?: string } {
  const beginsAt = options.beginsIn === undefined ? options.beginsAt : isoAt(Math.floor((now + options.beginsIn) / MINUTE) * MINUTE);
  if (options.lasts === undefined) return definedOnly({ beginsAt, endsAt: options.endsAt });
  const begins = beginsAt === undefined ? null : parseTimestamp(beginsAt);
  if (begins === null) throw fail(COMMAND.forNeedsBegin, beginsAt === undefined ? {} : { value: beginsAt });
  return { beginsAt: beginsAt!, endsAt: isoAt(begins + options.lasts) };
}

const lockOptions = (options: { lockWaitMs?: number }): LockOptions => (options.lockWaitMs === undefined ? {} : { waitMs: options.lockWaitMs });

/** Writes `components/<id>-<slug>.yaml` created at `now`; a usage error (and nothing written) for an unknown parent or any other problem. */
export async function newComponent(contentDir: string, options: NewComponentOptions): Promise<Created> {
  const { name } = options;
  if (typeof name !== 'string') throw fail(COMMAND.componentName, undefined);
  isoAt(options.now ?? 0);
  return withContentLock(contentDir, async () => {
    const at = isoAt(options.now ?? currentSecond());
    const loaded = await loadContent(contentDir);
    // A child without --audience inherits its parent's: its id comes from that range, not the public's.
    const inherited = options.audience === undefined && options.parentId !== undefined ? audiencesUp(loaded.components)(options.parentId)?.[0] : undefined;
    const id = nextId(loaded, loaded.components, options.audience ?? inherited);
    const component = {
      id,
      name,
      ...definedOnly({ description: options.description, parent_id: options.parentId, position: options.position, audience: options.audience }),
      created_at: at,
      ...(options.translation === undefined ? {} : { translations: { [options.translation.lang]: translatedComponent(options.translation) } }),
    };
    const file = `components/${id}-${slugify(name, 'component')}.yaml`;
    const { elsewhere } = await create(loaded, 'component', file, toYaml(component));
    return { file, id, elsewhere, warnings: [] };
  }, lockOptions(options));
}

const translatedComponent = ({ name, description }: { name?: string; description?: string }): Record<string, string> => definedOnly({ name, description });

/** The option of `new` that gives each key of the file it writes. */
const OPTIONS = {
  notice: {
    type: '--type',
    subject: '--subject',
    components: '--components',
    begins_at: '--begins-at',
    ends_at: '--ends-at',
    'updates.0.state': '--state',
    'updates.0.content': '--message',
    'updates.0.translations': '--lang',
    translations: '--lang',
  },
  component: { name: '--name', description: '--description', parent_id: '--parent', position: '--position', translations: '--lang' },
} as const;

/**
 * One more than the largest id in the audience's range (content/audiences.ts) any file of the kind
 * carries, valid or not; the range's first when none does. A usage error for an audience site.yaml does not name.
 */
function nextId(loaded: LoadedContent, sources: SourceFile[], audience: string | undefined): number {
  const range = audienceIdRange(loaded.site?.data, audience ?? null);
  if (range === null) {
    const declared = field(loaded.site?.data, 'audiences');
    throw fail(COMMAND.unknownAudience, { value: audience!, known: typeof declared === 'object' && declared !== null ? Object.keys(declared) : [] });
  }
  const [first, last] = range;
  let max = first - 1;
  for (const source of sources) {
    const id = field(source.data, 'id');
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > max && id <= last) max = id;
  }
  if (max === last) throw fail(COMMAND.idRangeFull, { first, last });
  return max + 1;
}

/** Writes the new file unless it would have a problem; returns the problems of the other files and the file's source. */
async function create(loaded: LoadedContent, kind: 'notice' | 'component', file: string, text: string): Promise<{ elsewhere: ContentIssue[]; source: SourceFile }> {
  const target = path.join(loaded.dir, file);
  if (await stat(target).catch(() => null)) throw fail(COMMAND.fileExists, { target });
  const source = sourceOf(file, kind, text);
  const { issues, elsewhere } = judge(loaded, [source]);
  // Said of the options that gave the values: the file with its lines was never written.
  if (issues.length > 0) throw invalidError(`The new ${kind}`, byOption(loaded.dir, issues, file, OPTIONS[kind]));
  await mkdir(path.dirname(target), { recursive: true });
  // Written whole under a hidden name (never read as content), then linked to its name, which fails
  // if a file took it meanwhile: a build never reads half a file, and nothing is overwritten.
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { flag: 'wx' });
    await link(temp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw fail(COMMAND.fileExists, { target });
    throw fail(COMMAND.newWriteFailed, { target, detail: (error as Error).message }, { cause: error });
  } finally {
    await rm(temp, { force: true });
  }
  return { elsewhere, source };
}
