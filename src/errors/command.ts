// The catalogue's command errors: what the CLI prints before it exits non-zero (and the warnings it
// prints while succeeding). Codes by prefix: `usage/` the command line or the folders it names (exit
// 2), `content/` the content and the site's templates, `output/` writing files, `serve/` the server,
// `notify/` sending notifications, `internal/` a bug: exit 1, or 0 for a warning.
import type { ContentIssue } from './content.js';
import { quote } from '../content/quote.js';
import { MAX_THREADS, PAGE_AVERAGE_MS, PAGE_BYTES, PAGE_BYTES_PER_ITEM, PAGE_SECONDS, RENDER_GRACE_SECONDS, RENDER_HEAP_MB, SITE_BYTES, SITE_BYTES_PER_PAGE, TEXT_PER_ITEM } from '../util/limits.js';
import { CONTENT } from './content.js';
import { command, USAGE_HINT } from './entry.js';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Names from a folder, quoted (a file name may hold anything) and at most ten, then how many more: `"a", "b" and 3 more`. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 10).map((name) => quote(name, 60));
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}`;
}

/** A problem in a notice `update` or `resolve` would change, as their errors list it: at its file:line:column. */
/** A problem of a file the command would write: at its line, or (no file) said of the option that gave the value (`path`: `--state`). */
export type Problem = Pick<ContentIssue, 'file' | 'path' | 'message'> & Partial<Pick<ContentIssue, 'line' | 'column' | 'code'>>;
const problemText = (i: Problem): string =>
  i.file === ''
    ? `  ${i.path}: ${i.message}${i.code ? `  [${i.code}]` : ''}`
    : `  ${i.file}${i.line === undefined ? '' : `:${i.line}:${i.column ?? 1}`}  ${i.path ? `${i.path}: ` : ''}${i.message}${i.code ? `  [${i.code}]` : ''}`;

/** The hint of an `init` that failed part-way: what it had written was removed, or what could not be. */
const initLeft = ({ removed, left }: { removed: number; left: string[] }): string | undefined =>
  left.length > 0
    ? `Could not remove what init had written: ${left.join(', ')}.`
    : removed > 0
      ? `The ${plural(removed, 'file or folder', 'files and folders')} init had written ${removed === 1 ? 'was' : 'were'} removed again.`
      : undefined;

/**
 * Which option sets which key, by the change an editInvalid names (its `what`): a translation
 * (`--lang`) sets no state and no time, so its hint names only what applies to it.
 */
const EDIT_KEYS: [start: string, keys: string][] = [
  ['The postmortem', 'A problem in the postmortem is said of the option that gave it (--at, --file)'],
  [
    'The translation',
    'A problem in the translation names the key an option sets (an update’s `translations.<lang>` is --message, the notice’s `translations.<lang>.subject` is --subject, `<lang>` is --lang, one of site.yaml’s `locales` but the first; --update chooses the update)',
  ],
  ['', 'A problem in what an option gave is said of that option (--state, --at, --message, --begins-at, --ends-at)'],
];

/** The flags whose value must be a whole number. */
type NumberFlag = '--parent' | '--position' | '--rate-limit';

export const COMMAND = {
  // The command line itself: the CLI follows each with the command's usage.
  unknownCommand: command({
    code: 'usage/unknown-command',
    exit: 2,
    title: 'Unknown command',
    when: 'The first word after `statuspress` is not one of its commands (a misspelt one gets the nearest as a suggestion).',
    message: ({ name, guess }: { name: string; guess?: string }) => `Unknown command ${quote(name)}.${guess ? ` Did you mean ${guess}?` : ''}`,
    hint: USAGE_HINT,
    example: { name: 'bulid', guess: 'build' },
  }),
  unknownOption: command({
    code: 'usage/unknown-option',
    exit: 2,
    title: 'Unknown option',
    when: 'An option the command does not have (a misspelt one gets the nearest of the command’s options as a suggestion).',
    message: ({ option, command: name, guess }: { option: string; command: string; guess?: string }) => `${name} has no option ${quote(option)}.${guess ? ` Did you mean ${guess}?` : ''}`,
    hint: USAGE_HINT,
    example: { option: '--stat', command: 'update', guess: '--state' },
  }),
  optionNeedsValue: command({
    code: 'usage/option-needs-value',
    exit: 2,
    title: 'An option without its value',
    when: 'An option that takes a value is the last word, or is followed by nothing it could take.',
    message: ({ option, value }: { option: string; value: string }) => `${quote(option)} needs a value: ${option} ${value}`,
    hint: USAGE_HINT,
    example: { option: '--state', value: 'STATE' },
  }),
  badArguments: command({
    code: 'usage/bad-arguments',
    exit: 2,
    title: 'Unknown flag or misplaced argument',
    when: 'A flag the command does not have, a flag without its value, or an argument the command does not take. The text is Node’s argument parser’s.',
    message: ({ detail }: { detail: string }) => detail,
    hint: USAGE_HINT,
    example: { detail: "Unknown option '--outt'" },
  }),
  badNow: command({
    code: 'usage/bad-now',
    exit: 2,
    title: '`--now` is not a timestamp',
    when: '`--now` (of build, validate, fingerprint, dev or notify) is not an ISO 8601 timestamp in the extended form with a time zone, or falls before year 1 or after 9999.',
    message: ({ value }: { value: string }) =>
      `--now must be an ISO 8601 timestamp with a time zone in the years 0001-9999 (2026-11-20T10:05:00Z), not "${value}"`,
    hint: USAGE_HINT,
    example: { value: '20261120T100500Z' },
  }),
  badFormat: command({
    code: 'usage/bad-format',
    exit: 2,
    title: 'Unknown `--format`',
    when: '`statuspress validate --format` is neither `text` nor `github`.',
    message: ({ value }: { value: string }) => `--format must be text or github, not "${value}"`,
    hint: USAGE_HINT,
    example: { value: 'json' },
  }),
  initNeedsFolder: command({
    code: 'usage/init-needs-folder',
    exit: 2,
    title: '`init` without a folder',
    when: '`statuspress init` is given no folder, or more than one.',
    message: () => 'Name the folder to create: statuspress init DIR',
    hint: USAGE_HINT,
  }),
  initAudienceUrlAlone: command({
    code: 'usage/init-audience-url-alone',
    exit: 2,
    title: '`init --audience-url` without `--audience`',
    when: '`statuspress init` is given `--audience-url` but no `--audience` whose site it is the address of.',
    message: () => '--audience-url is the address of the site of --audience NAME: give --audience too, or leave --audience-url out',
    hint: USAGE_HINT,
  }),
  badFrom: command({
    code: 'usage/bad-from',
    exit: 2,
    title: '`init --from` is not a source',
    when: '`statuspress init --from` is neither `bundle`, `npm` nor `npm:` followed by what npm installs (`npm:statuspress@^0.2.0`, `npm:file:../statuspress-0.2.0.tgz`).',
    message: ({ value }: { value: string }) => `--from must be bundle, npm or npm:SPEC (npm:statuspress@^0.2.0, npm:file:../statuspress.tgz), not "${value}"`,
    hint: USAGE_HINT,
    example: { value: 'yarn' },
  }),
  badBranch: command({
    code: 'usage/bad-branch',
    exit: 2,
    title: '`init --branch` is not a branch name',
    when: '`statuspress init --branch` holds characters a workflow file could not carry as a branch name (spaces, quotes, brackets, commas, `*`, `?`, `:`).',
    message: ({ value }: { value: string }) => `--branch must be a branch name such as main, not "${value}"`,
    hint: USAGE_HINT,
    example: { value: 'main, release' },
  }),
  initBadLocale: command({
    code: 'usage/init-bad-locale',
    exit: 2,
    title: '`init --locale` names a language statuspress does not ship',
    when: '`statuspress init --locale` is not a tag site.yaml’s `locale` accepts (content/bad-locale says which): init writes nothing.',
    message: (p: { value: string; guess?: string }) => `--locale: ${CONTENT.badLocale.message(p)}`,
    hint: USAGE_HINT,
    example: { value: 'de_DE', guess: 'de' },
  }),
  initBadTimeZone: command({
    code: 'usage/init-bad-time-zone',
    exit: 2,
    title: '`init --time-zone` is not a time zone',
    when: '`statuspress init --time-zone` is not a zone site.yaml’s `time_zone` accepts (content/bad-time-zone says which): init writes nothing.',
    message: (p: { value: string; guess?: string }) => `--time-zone: ${CONTENT.badTimeZone.message(p)}`,
    hint: USAGE_HINT,
    example: { value: 'Europe/Berln', guess: 'Europe/Berlin' },
  }),
  initBadFlags: command({
    code: 'usage/init-bad-flags',
    exit: 2,
    title: 'Several `init` flags are wrong',
    when: '`statuspress init` has more than one problem in its command line (a missing folder, `--from`, `--branch`, `--locale`, `--time-zone`, and what `--name` and `--url` would write): each is listed, with the words its own error has, and init writes nothing.',
    message: ({ flags, issues }: { flags: string[]; issues: Problem[] }) =>
      `statuspress init wrote nothing: its command line has ${plural(flags.length + issues.length, 'problem')}:\n` +
      [...flags.map((f) => `  ${f}`), ...issues.map(problemText)].join('\n'),
    hint: USAGE_HINT,
    example: {
      flags: ['--locale: "DE" is not a language statuspress ships; did you mean de?', '--time-zone: "Europe/Berln" is not an IANA time zone; did you mean Europe/Berlin?'],
      issues: [{ file: 'content/site.yaml', line: 4, column: 6, path: 'url', message: '"ftp://x" must start with https:// or http://', code: 'content/bad-url' }],
    },
  }),
  upgradeExtraArguments: command({
    code: 'usage/upgrade-arguments',
    exit: 2,
    title: '`upgrade` with arguments',
    when: '`statuspress upgrade` is given an argument; the repository is named with `--dir`.',
    message: () => 'statuspress upgrade takes no arguments; name the repository with --dir',
    hint: USAGE_HINT,
  }),
  newNeedsKind: command({
    code: 'usage/new-needs-kind',
    exit: 2,
    title: '`new` without `notice`, `maintenance` or `component`',
    when: '`statuspress new` is not followed by `notice`, `maintenance` or `component` alone.',
    message: () => 'Say what to create: statuspress new notice|maintenance|component',
    hint: USAGE_HINT,
  }),
  noticeNeedsTypeAndSubject: command({
    code: 'usage/notice-needs-type-and-subject',
    exit: 2,
    title: 'A new notice without `--type` or `--subject`',
    when: '`statuspress new notice` lacks `--type` or `--subject`.',
    message: () => 'A notice needs --type (unplanned, planned or general) and --subject',
    hint: USAGE_HINT,
  }),
  maintenanceNeeds: command({
    code: 'usage/maintenance-needs-subject-and-window',
    exit: 2,
    title: 'A new maintenance without its subject or window',
    when: '`statuspress new maintenance` lacks `--subject`, or when its window begins (`--begins-at` or `--in`) or ends (`--ends-at` or `--for`).',
    message: () => 'A maintenance needs --subject, when its window begins (--begins-at ISO or --in DURATION) and when it ends (--ends-at ISO or --for DURATION)',
    hint: USAGE_HINT,
  }),
  badDuration: command({
    code: 'usage/bad-duration',
    exit: 2,
    title: '`--in` or `--for` is not a duration',
    when: '`--in` or `--for` of `statuspress new` is not a whole number of days, hours and minutes, in that order (`30m`, `2h`, `3d`, `1d12h`), or is negative, or `--for` is zero.',
    message: ({ flag, value }: { flag: '--in' | '--for'; value: string }) =>
      value.startsWith('-')
        ? `${flag} counts forward from now, so it cannot be ${quote(value)}; for a window that began before now, give --begins-at and --ends-at`
        : /^(?:0+[dhm])+$/.test(value)
          ? `${flag === '--for' ? 'a window must last' : '--in must be'} longer than ${quote(value)}: give a duration of at least a minute`
          : `${flag} must be a duration in days, hours and minutes, in that order (30m, 2h, 3d, 1d12h), not ${quote(value)}`,
    hint: USAGE_HINT,
    example: { flag: '--in', value: '2 days' },
  }),
  windowTwice: command({
    code: 'usage/window-twice',
    exit: 2,
    title: 'A window’s beginning or end given twice',
    when: '`statuspress new` is given both `--in` and `--begins-at` (when the window begins), or both `--for` and `--ends-at` (when it ends).',
    message: ({ flags }: { flags: '--in and --begins-at' | '--for and --ends-at' }) => `${flags} both say when the window ${flags.startsWith('--in') ? 'begins' : 'ends'}; give one of them`,
    hint: USAGE_HINT,
    example: { flags: '--in and --begins-at' },
  }),
  forNeedsBegin: command({
    code: 'usage/for-needs-begin',
    exit: 2,
    title: '`--for` without a beginning to count from',
    when: '`statuspress new` is given `--for` (how long the window lasts) without `--in`, or with a `--begins-at` that is not a timestamp with a zone, so the end cannot be counted.',
    message: ({ value }: { value?: string }) =>
      value === undefined
        ? '--for counts from the window’s beginning: give --in DURATION or --begins-at ISO as well'
        : `--for counts from --begins-at, and ${quote(value)} is not a timestamp with a time zone (2026-11-28T22:00:00Z)`,
    hint: USAGE_HINT,
    example: { value: '2026-11-28 22:00' },
  }),
  maintenanceIsPlanned: command({
    code: 'usage/maintenance-is-planned',
    exit: 2,
    title: '`new maintenance` with another `--type`',
    when: '`statuspress new maintenance` is given a `--type` other than `planned`, or a `--template` of another type: a maintenance is a planned notice.',
    message: ({ type, template }: { type: string; template?: string }) =>
      template === undefined
        ? `new maintenance writes a planned notice; leave out --type ${type}, or use new notice --type ${type}`
        : `new maintenance writes a planned notice, and the template "${template}" is type: ${type}; use new notice --template ${template}, or a template with type: planned`,
    hint: USAGE_HINT,
    example: { type: 'unplanned' },
  }),
  componentNeedsName: command({
    code: 'usage/component-needs-name',
    exit: 2,
    title: 'A new component without `--name`',
    when: '`statuspress new component` lacks `--name`.',
    message: () => 'A component needs --name',
    hint: USAGE_HINT,
  }),
  noticeIdNeeded: command({
    code: 'usage/notice-id-needed',
    exit: 2,
    title: '`update` or `resolve` without a notice id',
    when: '`statuspress update`, `resolve` or `postmortem` is not followed by one notice id (a positive whole number).',
    message: ({ command: name, value }: { command: 'update' | 'resolve' | 'postmortem'; value?: string }) =>
      `${value === undefined ? 'Name the notice by its id' : `"${value}" is not a notice id; name the notice by its id`}: statuspress ${name} ID`,
    hint: USAGE_HINT,
    example: { command: 'update', value: '42-api.yaml' },
  }),
  updateNeedsMessage: command({
    code: 'usage/update-needs-message',
    exit: 2,
    title: 'An update without `--message`',
    when: '`statuspress update` lacks `--message`, the text of the update.',
    message: () => 'An update needs --message: what is happening now (Markdown)',
    hint: USAGE_HINT,
  }),
  noticeTemplateName: command({
    code: 'usage/notice-template-name',
    exit: 2,
    title: 'A notice template named by a path',
    when: '`statuspress new notice --template` is given something other than a plain name (letters, digits, `-` and `_`): `../x`, `a/b`, `x.yaml`. A template is `templates/notices/NAME.yaml`, named by NAME alone.',
    message: ({ name }: { name: string }) => `${quote(name)} is not a template name; name one of templates/notices/*.yaml by its name alone (--template outage for outage.yaml)`,
    hint: USAGE_HINT,
    example: { name: '../secrets' },
  }),
  noticeTemplateMissing: command({
    code: 'usage/notice-template-missing',
    exit: 2,
    title: 'No notice template of that name',
    when: '`statuspress new notice --template NAME` finds no `NAME.yaml` in the site’s `templates/notices/` (beside the content, or under `--templates DIR`).',
    message: ({ name, dir, available }: { name: string; dir: string; available: string[] }) =>
      `No notice template ${quote(name)}: there is no ${name}.yaml in ${dir}${available.length > 0 ? `; it has ${available.join(', ')}` : ', which holds no templates'}`,
    hint: 'Name one of the templates it has, or write templates/notices/NAME.yaml (docs/content.md, "Notice templates").',
    example: { name: 'outge', dir: 'templates/notices', available: ['degraded', 'outage'] },
  }),
  noticeTemplateInvalid: command({
    code: 'usage/notice-template-invalid',
    exit: 2,
    title: 'A notice template that cannot be used',
    when: 'A file in `templates/notices/` is not a regular file of text of at most 1 MiB. (Its YAML and its keys are read as a content file’s: a mistake there is a content problem at its line, and the template holds only `type`, `subject` (required), `components`, `state` and `content`.)',
    message: ({ file, problems }: { file: string; problems: string[] }) => `The notice template ${file} cannot be used:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    hint: 'A notice template has a subject and may have type, components, state and content (docs/content.md, "Notice templates").',
    example: { file: 'templates/notices/outage.yaml', problems: ['subject: Invalid input: expected string, received undefined'] },
  }),
  noticeTemplateUnfilled: command({
    code: 'usage/notice-template-unfilled',
    exit: 2,
    title: 'A notice template’s placeholder left unfilled',
    when: 'The template’s subject or text holds a `{placeholder}` that no `--set key=value` fills.',
    message: ({ name, missing }: { name: string; missing: string[] }) =>
      `The template ${quote(name)} needs ${missing.map((key) => `--set ${key}=…`).join(' ')}: ${missing.length === 1 ? 'its placeholder' : 'its placeholders'} ${missing.map((key) => `{${key}}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not filled`,
    hint: 'Give a value for each placeholder with --set key=value; nothing was written.',
    example: { name: 'outage', missing: ['since', 'region'] },
  }),
  noticeTemplateUnknownSet: command({
    code: 'usage/notice-template-unknown-set',
    exit: 2,
    title: '`--set` of a key the template does not have',
    when: '`--set key=value` names a key that is no `{placeholder}` of the template: most often a misspelt one, whose value would be lost.',
    message: ({ name, keys, placeholders }: { name: string; keys: string[]; placeholders: string[] }) =>
      `The template ${quote(name)} has no placeholder ${keys.map((key) => `{${key}}`).join(', ')}; ${placeholders.length > 0 ? `its placeholders are ${placeholders.map((key) => `{${key}}`).join(', ')}` : 'it has none'}`,
    hint: 'Check the spelling of the key; nothing was written.',
    example: { name: 'outage', keys: ['sinse'], placeholders: ['since'] },
  }),
  noticeTemplateTooLarge: command({
    code: 'usage/notice-template-too-large',
    exit: 2,
    title: 'A filled template larger than a content file may be',
    when: 'The template’s subject or text, its placeholders filled from `--set`, would be larger than a content file may be (1 MiB): a placeholder used many times, or a long value.',
    message: ({ name, mib }: { name: string; mib: number }) => `The template ${quote(name)}, filled from --set, would be larger than ${mib} MiB, the most a content file may hold`,
    hint: 'Give shorter values, or use the placeholder fewer times in the template; nothing was written.',
    example: { name: 'outage', mib: 1 },
  }),
  badSet: command({
    code: 'usage/bad-set',
    exit: 2,
    title: '`--set` that is not `key=value`',
    when: '`--set` is not a placeholder name (letters, digits, `_` and `-`), `=` and a value, or sets the same key twice.',
    message: ({ value, twice }: { value: string; twice: boolean }) =>
      twice ? `--set ${quote(value)} sets a key that an earlier --set sets too; give each key once` : `--set ${quote(value)} is not key=value (--set since=10:05)`,
    hint: USAGE_HINT,
    example: { value: 'since', twice: false },
  }),
  templateNeedsNotice: command({
    code: 'usage/template-needs-notice',
    exit: 2,
    title: '`--template` or `--set` with `new component`',
    when: '`--template` or `--set` is given to `statuspress new component`, or `--set` without `--template`: notice templates start notices and maintenance.',
    message: () => '--template and --set start a notice or a maintenance from a template: statuspress new notice --template NAME [--set key=value]',
    hint: USAGE_HINT,
  }),
  postmortemNeedsFile: command({
    code: 'usage/postmortem-needs-file',
    exit: 2,
    title: 'A postmortem without `--file`',
    when: '`statuspress postmortem` lacks `--file`, the Markdown file holding the postmortem.',
    message: () => 'A postmortem needs --file: the Markdown file that holds it (statuspress postmortem ID --file postmortem.md)',
    hint: USAGE_HINT,
  }),
  postmortemFileUnusable: command({
    code: 'usage/postmortem-file-unusable',
    exit: 2,
    title: 'A postmortem file that cannot be read',
    when: 'The file given to `statuspress postmortem --file` is missing, a link, a folder, a named pipe or another thing that is not a regular file, larger than a content file may be (1 MiB), not UTF-8, or unreadable. Only a regular file is read, so a pipe never makes the command wait and a link never reads a file elsewhere.',
    message: ({ file, problem }: { file: string; problem: string }) => `Cannot use ${quote(file)} as the postmortem: ${problem}`,
    hint: 'Give the path of the Markdown file itself (a regular file of at most 1 MiB, in UTF-8).',
    example: { file: 'postmortem.md', problem: 'it is a link; give the file it leads to' },
  }),
  postmortemNotIncident: command({
    code: 'usage/postmortem-not-incident',
    exit: 2,
    title: 'A postmortem for a maintenance or an announcement',
    when: '`statuspress postmortem` names a notice that is not an incident (`type: unplanned`): only incidents have postmortems.',
    message: ({ id, type }: { id: number; type: string }) => `Notice ${id} is a ${type} notice; only incidents (unplanned notices) have a postmortem`,
    hint: 'Check the id: `statuspress postmortem ID` takes the id of an incident.',
    example: { id: 21, type: 'planned' },
  }),
  translationNeedsText: command({
    code: 'usage/translation-needs-text',
    exit: 2,
    title: 'A translation without a text, or with flags of a new update',
    when: '`--lang` is given without `--message` (or `--subject`), with a flag that would change the notice rather than translate it (`--state`, `--at`, `--begins-at`, `--ends-at`), or with a text of the other kind of file (`new notice --name-translation`).',
    message: ({ flag, texts, foreign }: { flag?: string; texts?: string; foreign?: string }) =>
      foreign !== undefined
        ? `${foreign} is no text of what this command writes: translate with ${texts}`
        : flag === undefined
          ? `--lang adds a translation: give its text with ${texts ?? "--message (an update's content) or --subject (the notice's)"}`
          : `--lang adds a translation and changes nothing else: leave out ${flag}, or run the command without --lang first`,
    hint: USAGE_HINT,
    example: { flag: '--state' },
  }),
  noSuchUpdate: command({
    code: 'usage/no-such-update',
    exit: 2,
    title: '`--update` names no update of the notice',
    when: '`--update ID` is not the id of one of the notice’s updates (its id × 1000 + the update’s rank in time, as the API prints it).',
    message: ({ id, ids }: { id: string; ids: readonly number[] }) => `${quote(id)} is not an update of this notice; its updates are ${ids.join(', ')}`,
    hint: 'Give the update’s id as the API and the page print it (notice 42’s second update in time is 42002), or leave out --update for the latest.',
    example: { id: '42009', ids: [42001, 42002] },
  }),
  translationExists: command({
    code: 'content/translation-exists',
    exit: 1,
    title: 'A translation that is there already',
    when: '`--lang` would add a translation the text already has: statuspress adds translations, and leaves a person’s wording to be changed by hand.',
    message: ({ file, line, column, path }: { file: string; line: number; column: number; path: string }) => `${file}:${line}:${column}  ${path} has a translation already; change it in the file`,
    hint: 'Edit the translation in the file, or give another `--update`.',
    example: { file: 'notices/42-api.yaml', line: 14, column: 7, path: 'updates.1.translations.de' },
  }),
  badComponentIds: command({
    code: 'usage/bad-component-ids',
    exit: 2,
    title: '`--components` is not a list of ids',
    when: '`statuspress new notice --components` holds something other than positive whole numbers separated by commas.',
    message: ({ flag, value }: { flag: '--components'; value: string }) => `${flag} takes component ids separated by commas, not "${value}"`,
    hint: USAGE_HINT,
    example: { flag: '--components', value: '1,api' },
  }),
  notWholeNumber: command({
    code: 'usage/not-whole-number',
    exit: 2,
    title: 'A number flag that is not a whole number',
    when: '`--parent` or `--position` of `statuspress new component`, or `--rate-limit` of `statuspress host-config`, is not a whole number.',
    message: ({ flag, value }: { flag: NumberFlag; value: string }) => `${flag} must be a whole number, not "${value}"`,
    hint: USAGE_HINT,
    example: { flag: '--position', value: '1.5' },
  }),
  hostNeeded: command({
    code: 'usage/host-needed',
    exit: 2,
    title: '`host-config` without a host',
    when: '`statuspress host-config` is not followed by `nginx` or `netlify` alone.',
    message: () => 'Name the host: statuspress host-config nginx|netlify',
    hint: USAGE_HINT,
  }),
  badListen: command({
    code: 'usage/bad-listen',
    exit: 2,
    title: '`--listen` is not an address',
    when: '`statuspress host-config nginx --listen` is neither a port nor `ADDRESS:PORT`.',
    message: ({ value }: { value: string }) => `--listen must be PORT or ADDRESS:PORT, not "${value}"`,
    hint: USAGE_HINT,
    example: { value: 'localhost' },
  }),
  badRoot: command({
    code: 'usage/bad-root',
    exit: 2,
    title: '`--root` that nginx would misread',
    when: 'The folder `statuspress host-config nginx` would write as `root` holds spaces, quotes, braces or semicolons.',
    message: ({ root }: { root: string }) => `--root must not contain spaces, quotes, braces or semicolons: "${root}"`,
    hint: USAGE_HINT,
    example: { root: '/srv/my status' },
  }),
  badServerName: command({
    code: 'usage/bad-server-name',
    exit: 2,
    title: '`--server-name` is not a list of host names',
    when: '`statuspress host-config nginx --server-name` holds characters other than those of host names and spaces between them.',
    message: ({ value }: { value: string }) => `--server-name must be host names separated by spaces, not "${value}"`,
    hint: USAGE_HINT,
    example: { value: 'status.acme.com;' },
  }),
  badPort: command({
    code: 'usage/bad-port',
    exit: 2,
    title: '`--port` is not a port',
    when: '`statuspress serve --port` is not a whole number from 0 to 65535.',
    message: ({ value }: { value: string }) => `--port must be a port number, not "${value}"`,
    hint: USAGE_HINT,
    example: { value: '80800' },
  }),
  badThreads: command({
    code: 'usage/bad-threads',
    exit: 2,
    title: '`--threads` is not a thread count',
    when: `\`statuspress build --threads\` is not a whole number from 0 to ${MAX_THREADS}.`,
    message: ({ value }: { value: string }) => `--threads must be a whole number from 0 to ${MAX_THREADS} (threads rendering the HTML site beside the main one), not "${value}"`,
    hint: USAGE_HINT,
    example: { value: 'all' },
  }),
  unknownAudience: command({
    code: 'usage/unknown-audience',
    exit: 2,
    title: '`--audience` names no audience of the site',
    when: 'A command’s `--audience` is not a name under `audiences` in site.yaml.',
    message: ({ value, known }: { value: string; known: readonly string[] }) =>
      `--audience ${JSON.stringify(value)} is no audience of this site; ${known.length === 0 ? 'site.yaml names none under `audiences`' : `use one of ${known.join(', ')}`} (without --audience: the public site)`,
    hint: USAGE_HINT,
    example: { value: 'stafff', known: ['staff'] },
  }),
  otherAudienceBuilt: command({
    code: 'usage/other-audience-built',
    exit: 2,
    title: '`--audience` is not the audience of the build in `--dir`',
    when: '`statuspress host-config --audience` names another audience than the one whose site the build in `--dir` is (its `_statuspress/build.json`), or the build is the public site.',
    message: ({ value, dir, built }: { value: string; dir: string; built: string | null }) =>
      `--audience ${JSON.stringify(value)}, but ${dir} holds the build of ${built === null ? 'the public site' : `the audience ${JSON.stringify(built)}`}`,
    hint: `Point --dir at the build of that audience's site (\`statuspress build --audience NAME\`), or leave --audience out: host-config follows the build in --dir.`,
    example: { value: 'staff', dir: 'dist', built: null },
  }),
  idRangeFull: command({
    code: 'usage/id-range-full',
    exit: 2,
    title: 'No id left in an audience’s range',
    when: '`statuspress new` finds every id of the audience’s range taken (docs/content.md, Audiences: ids).',
    message: ({ first, last }: { first: number; last: number }) => `every id from ${first} to ${last} is taken; write the file by hand with a free id outside the other audiences' ranges`,
    hint: USAGE_HINT,
    example: { first: 1_000_000, last: 1_999_999 },
  }),
  badBase: command({
    code: 'usage/bad-base',
    exit: 2,
    title: '`--base` is not a path',
    when: '`statuspress serve --base` does not start with `/`.',
    message: ({ base }: { base: string }) => `--base must start with /, not "${base}"`,
    hint: USAGE_HINT,
    example: { base: 'status' },
  }),
  badRateLimit: command({
    code: 'usage/bad-rate-limit',
    exit: 2,
    title: '`--rate-limit` is not a number',
    when: '`statuspress serve --rate-limit` is not a whole number.',
    message: ({ value }: { value: string }) => `--rate-limit must be a whole number of requests per second (0 turns it off), not "${value}"`,
    hint: USAGE_HINT,
    example: { value: 'off' },
  }),
  badTrustProxy: command({
    code: 'usage/bad-trust-proxy',
    exit: 2,
    title: '`--trust-proxy` is not a list of addresses',
    when: 'An entry of `statuspress serve --trust-proxy` is not an IP address.',
    message: ({ value }: { value: string }) => `--trust-proxy takes IP addresses separated by commas, not "${value}"`,
    hint: USAGE_HINT,
    example: { value: 'cdn.example.com' },
  }),

  notifyNeedsPrevious: command({
    code: 'usage/notify-needs-previous',
    exit: 2,
    title: '`notify` without `--previous`',
    when: '`statuspress notify` is not told where the previous state is: a file (the record notify keeps, e.g. in the workflow’s cache) or the deployed site’s address.',
    message: () => 'Say where the previous state is: --previous FILE (the record notify keeps and updates) or --previous URL (the deployed site)',
    hint: USAGE_HINT,
  }),
  notifyPreviousCredentials: command({
    code: 'usage/notify-previous-credentials',
    exit: 2,
    title: '`--previous` holds a user name or password',
    when: '`statuspress notify --previous URL` is given an address with a user name or password in it. The state file a build publishes is public, so no credentials are needed, and messages would print them; the address is never shown.',
    message: () => '--previous holds a user name or password; give the deployed site’s public address without them (its state file is public). Nothing was sent',
    hint: USAGE_HINT,
  }),
  notifyPreviousBadUrl: command({
    code: 'usage/notify-previous-bad-url',
    exit: 2,
    title: '`--previous` is not a valid web address',
    when: '`statuspress notify --previous` is given something that starts like a web address (`http://`, `https://`) but is not one (a space, no host). It is not taken for a file name either, which would create a folder named `https:`. The address is not shown, since it may hold credentials.',
    message: () => '--previous starts like a web address but is not a valid one (a space, or no host name?); nothing was sent',
    hint: USAGE_HINT,
  }),
  notifyEnvMissing: command({
    code: 'usage/notify-env-missing',
    exit: 2,
    title: 'A notify target’s environment variable is not set',
    when: 'A target in site.yaml’s `notify` names an environment variable (`url_env`, `secret_env`) that is unset or empty where `statuspress notify` runs. Nothing is sent and nothing is recorded, so the next run with the variables set sends what changed meanwhile.',
    message: ({ missing }: { missing: readonly { name: string; target: string }[] }) =>
      `${plural(missing.length, 'environment variable')} of site.yaml's notify targets ${missing.length === 1 ? 'is' : 'are'} not set: ${missing.map((m) => `${m.name} (${m.target})`).join(', ')}; nothing was sent`,
    hint: 'Set each one where statuspress notify runs. In GitHub Actions: add it under Settings > Secrets and variables > Actions, and pass it in the env of the notify step of publish.yml (docs/notifications.md).',
    example: { missing: [{ name: 'SLACK_WEBHOOK_URL', target: 'slack (SLACK_WEBHOOK_URL)' }] },
  }),
  notifyEnvNotUrl: command({
    code: 'usage/notify-env-not-url',
    exit: 2,
    title: 'A notify target’s address is not a web address',
    when: 'The environment variable a target’s `url_env` names does not hold an absolute `https://` (or `http://`) address. The message never shows the value.',
    message: ({ names }: { names: readonly { name: string; target: string }[] }) =>
      `${names.map((n) => `${n.name} (${n.target})`).join(', ')} ${names.length === 1 ? 'does' : 'do'} not hold an http(s) address; nothing was sent`,
    hint: 'Set it to the webhook address the chat service gave you, whole, starting with https:// (docs/notifications.md says where to find it).',
    example: { names: [{ name: 'TEAMS_WEBHOOK_URL', target: 'teams (TEAMS_WEBHOOK_URL)' }] },
  }),

  notifyEnvNotMail: command({
    code: 'usage/notify-env-not-mail',
    exit: 2,
    title: 'An email target’s variable holds no mail server or no recipients',
    when: 'The variable an email target’s `url_env` names does not hold an `smtp://` or `smtps://` address, or the one its `to_env` names holds no email address (addresses are separated by commas). The message never shows the value.',
    message: ({ names }: { names: readonly { name: string; target: string; want: 'server' | 'recipients' }[] }) =>
      `${names.map((n) => `${n.name} (${n.target}) holds no ${n.want === 'server' ? 'smtp:// or smtps:// address' : 'email address'}`).join(', ')}; nothing was sent`,
    hint: 'Set url_env’s variable to the mail server with its credentials, like smtps://USER:PASSWORD@email-smtp.eu-west-1.amazonaws.com:465, and to_env’s to the recipients, like status-announce@acme.com (docs/notifications.md, “Email”).',
    example: { names: [{ name: 'SMTP_URL', target: 'email (SMTP_URL, STATUS_EMAIL_TO)', want: 'server' }] },
  }),

  // Folders the command names.
  noContentFolder: command({
    code: 'usage/no-content-folder',
    exit: 2,
    title: 'No content folder',
    when: 'The folder given by `--content` (default `content`) does not exist or is not a folder.',
    message: ({ dir }: { dir: string }) => `No content folder at ${dir}`,
    hint: 'Pass --content with the folder that holds site.yaml, components/ and notices/, or create one with `statuspress init DIR`.',
    example: { dir: 'content' },
  }),
  outLinkLoop: command({
    code: 'usage/out-link-loop',
    exit: 2,
    title: '`--out` goes through a loop of links',
    when: 'A symbolic link on the way to `--out` leads back to itself.',
    message: ({ out }: { out: string }) => `--out ${out} goes through a loop of symbolic links`,
    hint: 'Point --out at a folder, or at a link to one.',
    example: { out: 'dist' },
  }),
  outTooManyLinks: command({
    code: 'usage/out-too-many-links',
    exit: 2,
    title: '`--out` goes through too many links',
    when: 'Reaching `--out` takes more than 40 symbolic links, as Linux allows.',
    message: ({ out }: { out: string }) => `--out ${out} goes through more than 40 symbolic links (a loop?)`,
    hint: 'Point --out at a folder, or at a link to one.',
    example: { out: 'dist' },
  }),
  outIsRoot: command({
    code: 'usage/out-is-root',
    exit: 2,
    title: 'The output folder is the file system root',
    when: '`--out` names `/` (or a link to it).',
    message: () => 'The output folder cannot be the file system root',
    hint: 'Use --out dist.',
  }),
  outHoldsCurrentFolder: command({
    code: 'usage/out-holds-current-folder',
    exit: 2,
    title: 'The output folder holds the current folder',
    when: '`--out` is the folder the command runs in, or one above it: replacing it would leave the shell nowhere.',
    message: ({ target }: { target: string }) => `The output folder ${target} is the current folder or holds it`,
    hint: 'statuspress replaces its output folder whole; use a folder below this one, like --out dist.',
    example: { target: '/home/acme/status' },
  }),
  outNotFolder: command({
    code: 'usage/out-not-folder',
    exit: 2,
    title: 'The output path is a file',
    when: '`--out` names something that exists and is not a folder.',
    message: ({ target }: { target: string }) => `The output path ${target} exists and is not a folder`,
    hint: 'Remove it or choose another --out.',
    example: { target: '/home/acme/status/dist' },
  }),
  outNotOurs: command({
    code: 'usage/out-not-ours',
    exit: 2,
    title: 'The output folder holds other files',
    when: '`--out` is a folder that is not empty and was not written by statuspress: a build never replaces it.',
    message: ({ target }: { target: string }) => `The output folder ${target} holds files that statuspress did not write`,
    hint: 'statuspress replaces its output folder whole; choose an empty or new folder for --out.',
    example: { target: '/home/acme/status/src' },
  }),
  outInsideContent: command({
    code: 'usage/out-inside-content',
    exit: 2,
    title: 'The output folder is inside the content folder',
    when: "`--out` names a path inside `--content`: the build's own files would be read as content the next time.",
    message: ({ out, content }: { out: string; content: string }) => `The output ${out} is inside the content folder ${content}`,
    hint: 'Put the output next to the content, like --out dist.',
    example: { out: 'content/dist', content: 'content' },
  }),
  buildsNotFolder: command({
    code: 'usage/builds-not-folder',
    exit: 2,
    title: 'The builds folder is not a folder statuspress made',
    when: "`<out>.builds`, where a build keeps its complete builds, is a symbolic link or a file: removing a killed build's leftovers there would remove what it points at.",
    message: ({ builds }: { builds: string }) => `${builds} is a link or a file, not the folder of builds statuspress keeps next to the output`,
    hint: 'Move it away (statuspress creates the folder itself), or choose another --out.',
    example: { builds: '/home/acme/status/dist.builds' },
  }),
  initNotFolder: command({
    code: 'usage/init-not-folder',
    exit: 2,
    title: '`init` into a file',
    when: 'The folder given to `statuspress init` exists and is not a folder (or is a link to a file).',
    message: ({ dir }: { dir: string }) => `${dir} exists and is not a folder; name a new or empty folder for the status repository`,
    example: { dir: 'my-status' },
  }),
  initNotEmpty: command({
    code: 'usage/init-not-empty',
    exit: 2,
    title: '`init` into a folder that is not empty',
    when: 'The folder given to `statuspress init` holds an entry whose name does not start with a dot: init never overwrites. Dot-entries alone (a fresh clone’s `.git`) are accepted, see `usage/init-would-overwrite`.',
    message: ({ dir, names }: { dir: string; names: string[] }) =>
      `${dir} is not empty: it holds ${listed(names)} (${plural(names.length, 'entry', 'entries')} besides dot-files); init never overwrites anything`,
    hint: 'Name a new or empty folder, e.g. `statuspress init my-status`.',
    example: { dir: 'my-status', names: ['LICENSE', 'README.md', 'src'] },
  }),
  initFileAppeared: command({
    code: 'usage/init-file-appeared',
    exit: 2,
    title: 'A file appeared while `init` wrote',
    when: 'A file or folder `statuspress init` was about to create, checked absent just before, was created by something else meanwhile. What init had written is removed again.',
    message: ({ target, detail }: { target: string; detail: string; removed: number; left: string[] }) => `could not create ${target}: ${detail}`,
    hint: initLeft,
    example: { target: 'my-status/package.json', detail: "EEXIST: file already exists, open 'my-status/package.json'", removed: 9, left: [] },
  }),
  initEmptyPath: command({
    code: 'usage/init-empty-path',
    exit: 2,
    title: '`init` given an empty folder name',
    when: '`statuspress init \'\'`: an empty path, which would otherwise mean the current folder. Nothing is written.',
    message: () => 'The folder to create is an empty name; name it, or pass . for the current folder: statuspress init DIR',
  }),
  initPathBlocked: command({
    code: 'usage/init-path-blocked',
    exit: 2,
    title: '`init` under a file or through a broken link',
    when: 'The folder given to `statuspress init` cannot exist: a part of its path is a file (`init notes.txt/site`), or a symbolic link that leads nowhere or to a loop, or cannot be read. Nothing is written.',
    message: ({ dir, reason }: { dir: string; reason: string }) => `cannot create ${dir}: ${reason}`,
    hint: 'Name a new folder in one that exists, e.g. `statuspress init my-status`.',
    example: { dir: 'notes.txt/site', reason: 'notes.txt is a file, not a folder' },
  }),
  initCannotCreate: command({
    code: 'usage/init-cannot-create',
    exit: 2,
    title: '`init` cannot create the folder',
    when: 'Creating the folder given to `statuspress init`, or a missing folder above it, failed: no permission, a read-only disk, or a file system that holds no new folders (`/proc/self/x`). Each folder is tried once; what init had made is removed again.',
    // Node's words name the folder that failed: `ENOENT: no such file or directory, mkdir '/proc/self/x'`.
    message: ({ dir, detail }: { dir: string; detail: string; removed: number; left: string[] }) => `cannot create ${dir}: ${detail}`,
    hint: (params) => initLeft(params) ?? 'Name a new folder in a place you can write to, e.g. `statuspress init my-status`.',
    example: { dir: '/proc/self/x', detail: "ENOENT: no such file or directory, mkdir '/proc/self/x'", removed: 0, left: [] },
  }),
  initWouldOverwrite: command({
    code: 'usage/init-would-overwrite',
    exit: 2,
    title: '`init` into a folder that holds one of its files',
    when: 'The folder given to `statuspress init` holds only dot-entries, but one of them is a file init writes (`.gitignore`, `.github/workflows/publish.yml`, …), or a file or broken link where init needs a folder (`.github`). Every path is checked before anything is written, and nothing is.',
    message: ({ dir, entries }: { dir: string; entries: string[] }) =>
      `${dir} already holds ${entries.join(', ')}, which init would write; init never overwrites anything`,
    hint: 'Move those away (and merge them back after), or name a new folder.',
    example: { dir: '.', entries: ['.gitignore'] },
  }),
  upgradeNotRepository: command({
    code: 'usage/upgrade-not-repository',
    exit: 2,
    title: '`upgrade` outside a status repository',
    when: 'The folder given to `statuspress upgrade` (default: the current one) has no `.statuspress/statuspress.mjs`, the CLI that `statuspress init` puts there.',
    message: ({ dir, npm }: { dir: string; npm: boolean }) =>
      npm
        ? `${dir} takes statuspress from npm (package.json), not from .statuspress/statuspress.mjs; there is nothing for upgrade to replace`
        : `${dir} is not a statuspress repository: it has no .statuspress/statuspress.mjs`,
    hint: ({ npm }) =>
      npm
        ? 'Upgrade the package instead: npm install statuspress@latest, then commit package.json and package-lock.json.'
        : 'Run it in the folder `statuspress init` made, or pass --dir with that folder.',
    example: { dir: 'my-status', npm: false },
  }),
  upgradeNotBundle: command({
    code: 'usage/upgrade-not-bundle',
    exit: 2,
    title: '`upgrade` would overwrite something else',
    when: '`.statuspress/statuspress.mjs` exists but is not a statuspress CLI file (its second line does not name a statuspress version): upgrade leaves it alone.',
    message: ({ file }: { file: string }) => `${file} is not the statuspress CLI that init writes; upgrade never overwrites another file`,
    hint: 'Move that file away (or delete it if you know what it is), then run statuspress upgrade again.',
    example: { file: 'my-status/.statuspress/statuspress.mjs' },
  }),
  newInvalid: command({
    code: 'usage/new-invalid',
    exit: 2,
    title: 'The new file would not validate',
    when: '`statuspress new` or `statuspress init` would write content with problems (an unknown parent, a state the notice type does not have): nothing is written.',
    message: ({ what, issues }: { what: string; issues: Problem[] }) =>
      `${what} was not written: it would have ${plural(issues.length, 'problem')}:\n` +
      issues.map(problemText).join('\n'),
    hint: 'Each problem is said of the option that gave the value (a problem with another origin names its file and line); change that option and run the command again.',
    example: {
      what: 'The new component',
      issues: [{ file: 'content/components/13-search.yaml', line: 4, column: 12, path: 'parent_id', message: 'no component has id 99; parent_id must be the id of another component', code: 'content/unknown-component' }],
    },
  }),
  editInvalid: command({
    code: 'usage/edit-invalid',
    exit: 2,
    title: 'The change would not validate',
    when: '`statuspress update` or `statuspress resolve` would leave the notice’s file with problems (a state the notice type does not have, a time without a zone), or the file has problems already: nothing is written. Each problem names its file as `--content` gives the folder, with its code, as `validate` prints it.',
    message: ({ what, issues }: { what: string; issues: Problem[] }) =>
      `${what} was not written: the file would have ${plural(issues.length, 'problem')}:\n` +
      issues.map(problemText).join('\n'),
    hint: ({ what }: { what: string }) =>
      `${EDIT_KEYS.find(([start]) => what.startsWith(start))![1]}; change that option. Problems the file had before: fix them first (statuspress validate lists them).`,
    example: {
      what: 'The update to notices/42-api.yaml',
      issues: [
        {
          file: 'content/notices/42-api.yaml',
          line: 17,
          column: 12,
          path: 'updates.2.state',
          message: '"resloved" is not a state of an unplanned notice; did you mean "resolved"?',
          code: 'content/bad-state',
        },
      ],
    },
  }),
  contentLocked: command({
    code: 'usage/content-locked',
    exit: 2,
    title: 'Another command is changing the content',
    when: '`new`, `update` or `resolve` waited 30 seconds for another of them (someone else’s, or a bot’s) to finish with the same content folder, and it has not. Authoring commands take turns, so that two updates posted at once are both kept.',
    message: ({ lock, owner, seconds }: { lock: string; owner: string; seconds: number }) =>
      `The content is being changed by ${owner} (${lock}), still after ${seconds} s; nothing was written`,
    hint: 'Run the command again once the other one is done. A lock whose process has ended is taken over by itself; if the other process is on another machine and has ended, remove the lock file.',
    example: { lock: 'content/.statuspress.lock', owner: 'process 4242', seconds: 30 },
  }),
  contentLockForeign: command({
    code: 'usage/content-lock-foreign',
    exit: 2,
    title: 'Something that is not a lock in the lock’s place',
    when: 'The content folder holds a `.statuspress.lock` that is a folder, a link or anything but a regular file. The authoring commands write that file to take turns; they never remove what they did not write.',
    message: ({ lock, kind }: { lock: string; kind: string }) => `${lock} is ${kind}, not a lock statuspress wrote; nothing was written`,
    hint: 'Remove it (it is no content), then run the command again.',
    example: { lock: 'content/.statuspress.lock', kind: 'a folder' },
  }),
  backdateNeeded: command({
    code: 'usage/backdate-needed',
    exit: 2,
    title: '`update --at` before an update that is already published',
    when: '`statuspress update --at` gives a time before the notice’s latest published update. An update’s id is its rank in time, so an update inserted before a published one renumbers the published updates after it, and readers and clients see those ids change.',
    message: ({ id, at, latest }: { id: number; at: string; latest: string }) =>
      `The update's time ${at} is before notice ${id}'s latest published update (${latest}): it would renumber the published updates after it; nothing was written`,
    hint: 'Check the time (a typo in the day or the zone?). To add an update that belongs earlier on purpose, add --backdate.',
    example: { id: 42, at: '2026-11-20T09:30:00Z', latest: '2026-11-20T10:05:00Z' },
  }),
  updateAnnouncement: command({
    code: 'usage/update-announcement',
    exit: 2,
    title: 'An update to an announcement while an incident is open, or a state for one',
    when: '`statuspress update` names an announcement (a general notice) while an incident is open, which is most often the wrong id (an incident’s text posted onto the welcome notice), or gives an announcement a `--state`, which it does not have.',
    message: ({ id, subject, incidents, state }: { id: number; subject: string; incidents: { id: number; subject: string }[]; state?: string }) =>
      `Notice ${id} (${quote(subject, 60)}) is an announcement, not an incident${state === undefined ? '' : `, and has no state (--state ${quote(state, 30)})`}; nothing was written. ` +
      (incidents.length === 0
        ? 'No incident is open.'
        : `Open ${incidents.length === 1 ? 'incident' : 'incidents'}: ${incidents
            .slice(0, 10)
            .map((i) => `${i.id} ${quote(i.subject, 60)}`)
            .join(', ')}${incidents.length > 10 ? ` and ${incidents.length - 10} more` : ''}.`),
    hint: ({ state }: { state?: string }) =>
      state === undefined
        ? 'To post to an incident, give its id (statuspress update ID --state STATE --message TEXT); to post to this announcement on purpose, add --announcement.'
        : 'To post to an incident, give its id; an update to an announcement has only --message (and --announcement while an incident is open).',
    example: { id: 1, subject: 'Welcome to our status page', incidents: [{ id: 3, subject: 'Elevated error rates on the REST API' }] },
  }),
  staleNotice: command({
    code: 'usage/stale-notice',
    exit: 2,
    title: 'An update to a notice whose latest update is over a day old',
    when: '`statuspress update` names a notice whose latest update is more than a day old (a maintenance whose window has not ended is never stale). That is most often the wrong id: an incident’s text posted to last month’s notice or to the welcome announcement.',
    message: ({ id, subject, age }: { id: number; subject: string; age: string }) =>
      `Notice ${id} (${quote(subject, 60)}) was last updated ${age} ago; nothing was written`,
    hint: 'Check the id (`statuspress new notice` opens a new incident). To post to this notice anyway, add --reopen.',
    example: { id: 1, subject: 'Welcome to our status page', age: '3 days' },
  }),
  noSuchNotice: command({
    code: 'usage/no-such-notice',
    exit: 2,
    title: 'No notice with that id',
    when: 'No file in `notices/` carries the id given to `statuspress update` or `statuspress resolve`. Ids come from the `id:` inside the files, never from their names.',
    message: ({ id, folder }: { id: number; folder: string }) => `No notice has id ${id} in ${folder}`,
    hint: 'Use the id written in the notice’s file (`id: 42`); statuspress validate lists files it could not read.',
    example: { id: 42, folder: 'content/notices' },
  }),
  noticeAlreadyEnded: command({
    code: 'usage/notice-already-ended',
    exit: 2,
    title: '`resolve` of a notice that has ended',
    when: '`statuspress resolve` names an incident already `resolved` or `false_alarm`, a maintenance already `complete` or `cancelled` (by its own updates, or by its automatic transition at `ends_at`), or a general notice whose `expires_at` has passed.',
    message: ({ id, state }: { id: number; state: string }) => `Notice ${id} is ${state} already; nothing was written`,
    hint: 'To reopen it or say more, add an update: statuspress update ID --state STATE --message TEXT.',
    example: { id: 42, state: 'resolved' },
  }),
  maintenanceNotBegun: command({
    code: 'usage/maintenance-not-begun',
    exit: 2,
    title: '`resolve` of a maintenance that has not begun',
    when: '`statuspress resolve` names a planned notice still `scheduled` before its `begins_at`: it cannot be complete.',
    message: ({ id, beginsAt }: { id: number; beginsAt: string }) => `Maintenance ${id} has not begun (it begins at ${beginsAt}); only one that has begun can be complete`,
    hint: ({ id }) => `To call it off: statuspress update ${id} --state cancelled --message TEXT. To move it: statuspress update ${id} --state scheduled --begins-at ISO --ends-at ISO --message TEXT.`,
    example: { id: 25, beginsAt: '2026-11-29T02:00:00Z' },
  }),
  noticeType: command({
    code: 'usage/notice-type',
    exit: 2,
    title: 'Unknown notice type',
    when: '`statuspress new notice --type` is not `unplanned`, `planned` or `general`.',
    message: ({ types, type }: { types: readonly string[]; type: string }) => `the notice type must be one of ${types.join(', ')}, not "${type}"`,
    example: { types: ['unplanned', 'planned', 'general'], type: 'incident' },
  }),
  noticeSubject: command({
    code: 'usage/notice-subject',
    exit: 2,
    title: 'A new notice without a subject',
    when: 'A program calls the notice scaffolding without a subject (the CLI asks for `--subject` first).',
    message: () => 'a notice needs a subject: one line saying what is happening',
  }),
  componentName: command({
    code: 'usage/component-name',
    exit: 2,
    title: 'A new component without a name',
    when: 'A program calls the component scaffolding without a name (the CLI asks for `--name` first).',
    message: () => 'a component needs a name',
  }),
  fileExists: command({
    code: 'usage/file-exists',
    exit: 2,
    title: 'The new file’s name is taken',
    when: 'The file `statuspress new` would write exists already: its id is not the one inside, or it was created meanwhile.',
    message: ({ target }: { target: string }) =>
      `${target} already exists (with another id); rename that file, or remove it if it is a leftover, then run the command again`,
    example: { target: 'content/notices/28-api-errors.yaml' },
  }),
  badTime: command({
    code: 'usage/bad-time',
    exit: 2,
    title: 'Not a time',
    when: 'A program passes the scaffolding a `now` that is not a time in epoch milliseconds.',
    message: ({ now }: { now: unknown }) => `now must be a time in epoch milliseconds, not ${String(now)}`,
    example: { now: Number.NaN },
  }),

  noTemplatesFolder: command({
    code: 'usage/no-templates-folder',
    exit: 2,
    title: 'No templates folder',
    when: 'The folder given by `statuspress build --templates` does not exist. (Without the flag, a missing templates/ beside the content means the built-in theme.)',
    message: ({ dir }: { dir: string }) => `No templates folder at ${dir}`,
    hint: 'Pass --templates with the folder of your own templates, or leave it out for the built-in ones.',
    example: { dir: 'theme' },
  }),
  templateFailed: command({
    code: 'usage/template-failed',
    exit: 2,
    title: 'A template failed while rendering',
    when: 'One of the site’s own templates compiled, but failed while a page was rendered: most often a field statuspress does not pass (templates run in strict mode).',
    message: ({ file, detail }: { file: string; detail: string }) => `${file} could not be rendered: ${detail}`,
    hint: 'Check the template against the fields statuspress passes it (docs/themes.md), or remove the override.',
    example: { file: 'templates/partials/footer.hbs', detail: '"buildTime" not defined in the fields this template is given' },
  }),
  templateTooSlow: command({
    code: 'usage/template-too-slow',
    exit: 2,
    title: 'A template took too long to render a page',
    when: `The site’s own templates took longer than ${PAGE_SECONDS} s to render one page. They render in a process of their own, which the build stops then: Handlebars has no limit of its own, and a loop inside a loop over the same list, or partials that render each other, multiply (five loops over 20 items are 3.2 million turns on every page). Nothing is written, and the previous output stays.`,
    message: ({ renders, title, seconds }: { renders: string; title: string; seconds: number }) =>
      `${renders} took more than ${seconds} s to render the page “${title}”: a loop inside a loop over the same list, partials that render each other, or a large block run for every item multiply the work`,
    hint: 'Render each list with one loop, and no partial that calls itself or its caller or repeats a large block; docs/themes.md says what each page is given.',
    example: { renders: 'templates/status.hbs (with the templates it uses)', title: 'Acme: All systems operational', seconds: PAGE_SECONDS },
  }),
  templatesTooSlow: command({
    code: 'usage/templates-too-slow',
    exit: 2,
    title: 'The site’s templates rendered its pages too slowly',
    when: `The site’s own templates rendered each page within ${PAGE_SECONDS} s, but after the first ${RENDER_GRACE_SECONDS} s the pages took more than ${PAGE_AVERAGE_MS} ms each on average (the built-in templates take well under 1 ms): a build of thousands of pages would run for hours. The build stops the process that renders them; nothing is written, and the previous output stays.`,
    // The grace and the pace enforced (their defaults, or a test's), never numbers other than those.
    message: ({ templates, pages, seconds, grace = RENDER_GRACE_SECONDS, pace = PAGE_AVERAGE_MS }: { templates: string; pages: number; seconds: number; grace?: number; pace?: number }) =>
      `The site’s templates (${templates}) rendered ${pages} pages in ${seconds} s: after the first ${grace} s a page may take ${pace} ms on average`,
    hint: 'Look for work a template repeats on every page (a loop over every notice in the layout or a partial); docs/themes.md says what each page is given.',
    example: { templates: 'templates/layout.hbs', pages: 412, seconds: 18.3 },
  }),
  templateOutOfMemory: command({
    code: 'usage/template-out-of-memory',
    exit: 2,
    title: 'A template ran out of memory',
    when: `The process that renders the site’s own templates ran out of its ${RENDER_HEAP_MB} MB of memory while rendering a page: a template that builds text without end, or repeats a large piece of it. The build stops; nothing is written, and the previous output stays.`,
    message: ({ renders, title, mb }: { renders: string; title: string; mb: number }) =>
      `${renders} ran out of the ${mb} MB of memory the site’s templates may use, rendering the page “${title}”`,
    hint: 'Keep large pieces (images, scripts, long text) in files the page links to, not in a template that repeats them.',
    example: { renders: 'templates/notice.hbs (with the templates it uses)', title: 'Database maintenance: Acme', mb: RENDER_HEAP_MB },
  }),
  templateProcessEnded: command({
    code: 'usage/template-process-ended',
    exit: 2,
    title: 'The process of the site’s templates ended',
    when: `The process that renders the site’s own templates ended while rendering, by something other than its own limits: killed from outside (the system’s OOM killer ends the largest process when the machine runs out of memory, which a template that builds text without end can cause before its ${RENDER_HEAP_MB} MB are used), or crashed. The build stops; nothing is written, and the previous output stays.`,
    message: ({ renders, title, how }: { renders: string; title: string; how: string }) => `The process rendering ${renders} ended (${how}) while rendering the page “${title}”`,
    hint: 'If the machine ran out of memory, look for a template that repeats a large piece of text; run the command again to see whether it happens again.',
    example: { renders: 'templates/notice.hbs (with the templates it uses)', title: 'Database maintenance: Acme', how: 'SIGKILL' },
  }),
  templateProcessNotStarted: command({
    code: 'usage/template-process-not-started',
    exit: 2,
    title: 'The process of the site’s templates could not start',
    when: 'The build could not start the process that renders the site’s own templates: the files it hands that process could not be made in the temporary folder (TMPDIR missing or not writable), or the system refused another process. The build stops; nothing is written, and the previous output stays.',
    message: ({ templates, detail }: { templates: string; detail: string }) => `Could not start the process that renders ${templates}: ${detail}`,
    hint: 'Check that the temporary folder (TMPDIR) exists and is writable, and that the system allows another process; then run the command again.',
    example: { templates: 'templates/status.hbs', detail: 'ENOENT: no such file or directory, open /missing/statuspress-pages-1f0e…' },
  }),
  partialsTooDeep: command({
    code: 'usage/partials-too-deep',
    exit: 2,
    title: 'Partials rendered inside each other too deep',
    when: 'The site’s own templates rendered partials (or blocks) inside each other deeper than the stack goes for one page: a partial that renders itself, directly or through others, never ends. The built-in templates go at most about 20 levels deep (the component tree). A partial that renders itself with no block around the call is found before anything renders (`content/partial-calls-itself`). Nothing is written, and the previous output stays.',
    message: ({ renders, title }: { renders: string; title: string }) =>
      `${renders} rendered partials inside each other deeper than the stack goes for the page “${title}”: a partial that renders itself, directly or through others, never ends`,
    hint: 'Render a partial from itself only for a nested list (as component-node does for the component tree), so it stops where the list does.',
    example: { renders: 'The built-in status.hbs (with templates/partials/footer.hbs)', title: 'Acme: All systems operational' },
  }),
  pageTooLarge: command({
    code: 'usage/page-too-large',
    exit: 2,
    title: 'A template wrote too much for one page',
    when: `The site’s own templates rendered a page longer than it may be: ${PAGE_BYTES / 1024} KiB of HTML (in UTF-8, as written), plus ${PAGE_BYTES_PER_ITEM / 1024} KiB for every item of the lists the page is given and for every ${TEXT_PER_ITEM} characters of its text (built-in pages have at most 20 KB plus 160 bytes per item), or longer than the longest text JavaScript can hold. Nothing is written, and the previous output stays.`,
    message: ({ renders, title, bytes }: { renders: string; title: string; bytes: number }) =>
      `${renders} rendered the page “${title}” as more than the ${bytes} bytes of HTML it may have`,
    hint: 'Keep large pieces (images, scripts, long text) in files the page links to, not in a template that repeats them.',
    example: { renders: 'templates/notice.hbs (with the templates it uses)', title: 'Database maintenance: Acme', bytes: PAGE_BYTES + 16 * PAGE_BYTES_PER_ITEM },
  }),
  siteTooLarge: command({
    code: 'usage/site-too-large',
    exit: 2,
    title: 'The site’s templates wrote too much in all',
    when: `The pages rendered with the site’s own templates came to more than ${SITE_BYTES / 2 ** 20} MiB, plus ${SITE_BYTES_PER_PAGE / 1024} KiB for every file written (built-in pages average under 8 KB), not counting what the long texts of the content that a page is given account for: each page within its own limit, but too many bytes for a site. Nothing is written, and the previous output stays.`,
    message: ({ templates, bytes, files }: { templates: string; bytes: number; files: number }) =>
      `The site’s templates (${templates}) wrote more than the ${bytes} bytes ${files} files may have`,
    hint: 'Keep large pieces (images, scripts, long text) in files the page links to, not in a template that repeats them on every page.',
    example: { templates: 'templates/layout.hbs', bytes: SITE_BYTES + 2_000 * SITE_BYTES_PER_PAGE, files: 2_000 },
  }),

  // The content.
  windowPassed: command({
    code: 'content/window-passed',
    exit: 0,
    title: 'A new maintenance whose window has passed',
    when: '`statuspress new` wrote a planned notice whose window ends before now (`--now`, default the clock): the page shows it as complete at once, and never as upcoming. Most often a date copied from an example, or a mistyped year. A warning: the notice is written, as a maintenance entered afterwards is.',
    message: ({ id, ends, now }: { id: number; ends: string; now: string }) =>
      `the window of notice ${id} ended at ${ends}, before now (${now}): the page shows it as complete already; if it is still ahead, move it with statuspress update ${id} --begins-at ISO --ends-at ISO --message TEXT`,
    example: { id: 28, ends: '2026-11-28T23:00:00Z', now: '2026-12-02T09:30:00Z' },
  }),
  privateComponentsPublicNotice: command({
    code: 'content/public-notice-private-components',
    exit: 0,
    title: 'A public notice of private components only',
    when: '`statuspress new` wrote a notice without `audience` (no `--audience`, none in its template) whose every component is seen by a private audience only: the notice is public, and its public targets are notified, showing no component. A warning: a public word on an internal outage may be meant.',
    message: ({ id, audiences }: { id: number; audiences: readonly string[] }) =>
      `notice ${id} is public, but each of its components is seen by ${audiences.join(', ')} only: the public site and its notify targets get it with no component; if it is for ${audiences.length === 1 ? 'that audience' : 'those audiences'} only, add \`audience: ${audiences.length === 1 ? audiences[0] : `[${audiences.join(', ')}]`}\` to its file before anything is published`,
    example: { id: 28, audiences: ['staff'] },
  }),
  unknownTemplate: command({
    code: 'content/unknown-template',
    exit: 0,
    title: 'A file in templates/ that is no template',
    when: 'The site’s templates folder holds a `.hbs` or `.css` file whose name is not one of the templates or styles statuspress uses. A warning: it is ignored and the build goes on.',
    message: ({ file, known }: { file: string; known: readonly string[] }) =>
      `${file} is not a template or style statuspress uses (known: ${known.join(', ')}); it was ignored`,
    example: {
      file: 'templates/sidebar.hbs',
      known: [
        'layout.hbs',
        'status.hbs',
        'notice.hbs',
        'component.hbs',
        'history.hbs',
        'not-found.hbs',
        'partials/header.hbs',
        'partials/footer.hbs',
        'partials/notice-summary.hbs',
        'partials/component-node.hbs',
        'partials/component-row.hbs',
        'partials/uptime-bar.hbs',
        'style.css',
        'theme.css',
      ],
    },
  }),
  noticeIdTwice: command({
    code: 'content/notice-id-twice',
    exit: 1,
    title: 'The notice to change has its id in two files',
    when: 'The id given to `statuspress update` or `statuspress resolve` is carried by more than one notice file: which one is meant is unknown.',
    message: ({ id, files }: { id: number; files: readonly string[] }) => `Notice id ${id} is in ${files.length} files: ${files.join(', ')}`,
    hint: 'Give each notice its own id (statuspress validate reports the duplicate), then run the command again.',
    example: { id: 42, files: ['notices/42-api.yaml', 'notices/42-copy.yaml'] },
  }),
  cannotEditInPlace: command({
    code: 'content/cannot-edit-in-place',
    exit: 1,
    title: 'A notice file that cannot be changed in place',
    when: 'The notice’s `updates` is not a block list of `- at: …` items (a flow list `[{…}]`, an alias), or the value `update` or `resolve` would set (`begins_at`, `ends_at`, `expires_at`) is not written on one line. statuspress changes a file only where it can keep every other byte as it is.',
    message: ({ file, key }: { file: string; key: string }) =>
      key === 'updates'
        ? `${file}: updates is not a block list (items starting with "- at:"), so an update cannot be added in place`
        : key === 'postmortem'
          ? `${file}: postmortem is not a block mapping (at: and content: on lines of their own below it), or the file is not a block mapping, so the postmortem cannot be written in place`
          : key === 'translations'
            ? `${file}: its translations are written on one line ({…}), so a translation cannot be added in place; add it by hand`
          : `${file}: ${key} is not written as a one-line value, so it cannot be changed in place`,
    hint: 'Write the updates as a block list, one `- at: …` item each (and timestamps on one line), or make the change by hand.',
    example: { file: 'notices/42-api.yaml', key: 'updates' },
  }),
  contentInvalid: command({
    code: 'content/invalid',
    exit: 1,
    title: 'Problems in the content',
    when: '`build` or `validate` found problems in the content: each is printed on its own line first, with its own code (the `content/` entries below).',
    message: ({ count, folder = 'the content' }: { count: number; folder?: string }) => `${plural(count, 'problem')} in ${folder}`,
    hint: 'Fix every problem listed, then run the command again.',
    example: { count: 3 },
  }),

  // Writing.
  writeFailed: command({
    code: 'output/write-failed',
    exit: 1,
    title: 'The output could not be written',
    when: 'Writing the build’s files failed (permissions, a full disk). The previous output is left as it was.',
    message: ({ out, detail }: { out: string; detail: string }) => `Could not write the output to ${out}: ${detail}`,
    hint: 'Check that the folder is writable and the disk has room; the previous output was left as it was.',
    example: { out: 'dist', detail: "ENOSPC: no space left on device, write" },
  }),
  superseded: command({
    code: 'output/superseded',
    exit: 1,
    title: 'Another build replaced the output meanwhile',
    when: '`statuspress build --again` (which `serve` runs at each moment the clock changes the site) built the content the output held, but another build was published before it finished.',
    message: ({ out }: { out: string }) => `another build was published into ${out} while this one was built again from the previous; the newer one stays`,
    hint: 'Nothing to do: the build now in the output is newer. Run `statuspress build --again` again to build it as of now.',
    example: { out: 'dist' },
  }),
  keptUnusable: command({
    code: 'output/kept-unusable',
    exit: 1,
    title: 'What the output kept cannot be built again',
    when: '`statuspress build --again` (which `serve` runs at each moment the clock changes the site) read the content the output kept in `_statuspress/build.json`, and it is not what a build of this version writes (edited by hand, or damaged).',
    message: ({ out, detail }: { out: string; detail: string }) => `the content ${out} kept cannot be built again: ${detail}; the output is unchanged`,
    hint: 'Build the site from its content (`statuspress build`): that writes the kept state anew.',
    example: { out: 'dist', detail: 'notice 12 has no whole-number id' },
  }),
  oldOutputLeft: command({
    code: 'output/old-output-left',
    exit: 0,
    title: 'The previous output was left behind',
    when: 'A build replaced its output, but the previous output could not be removed afterwards. A warning: the build succeeded.',
    message: ({ previous, detail }: { previous: string; detail: string }) =>
      `the previous output could not be removed from ${previous} (${detail}); remove that folder by hand`,
    example: { previous: 'dist.builds/mhy3k2a1-4242-9f1c2b3a', detail: "EACCES: permission denied, rmdir 'dist.builds/mhy3k2a1-4242-9f1c2b3a/api'" },
  }),
  leftoverLeft: command({
    code: 'output/leftover-left',
    exit: 0,
    title: 'A killed build’s leftover was left behind',
    when: 'A build found the temporary folder of an earlier build that was killed, and could not remove it. A warning: the build succeeded.',
    message: ({ left }: { left: string }) => `a killed build's leftover could not be removed: ${left}; remove it by hand`,
    example: { left: 'dist.builds/mhy3jz9q-4199-0a1b2c3d' },
  }),
  initWriteFailed: command({
    code: 'output/init-write-failed',
    exit: 1,
    title: '`init` could not write a file',
    when: 'Creating a file or folder of the new status repository failed (permissions, a full disk). What init had written, and the folders it made, are removed again.',
    message: ({ target, detail }: { target: string; detail: string; removed: number; left: string[] }) => `could not create ${target}: ${detail}`,
    hint: initLeft,
    example: { target: 'my-status/README.md', detail: "ENOSPC: no space left on device, write 'my-status/README.md'", removed: 15, left: [] },
  }),
  upgradeWriteFailed: command({
    code: 'output/upgrade-write-failed',
    exit: 1,
    title: '`upgrade` could not write the new CLI',
    when: 'Writing the new `.statuspress/statuspress.mjs` failed (permissions, a full disk). The old file is left as it was.',
    message: ({ target, detail }: { target: string; detail: string }) => `could not replace ${target}: ${detail}; the old file was left as it was`,
    hint: 'Check that the folder is writable and the disk has room, then run statuspress upgrade again.',
    example: { target: 'my-status/.statuspress/statuspress.mjs', detail: "EACCES: permission denied, open 'my-status/.statuspress/statuspress.mjs.tmp-4242'" },
  }),
  newWriteFailed: command({
    code: 'output/new-write-failed',
    exit: 1,
    title: '`new` could not write the file',
    when: 'Writing the file `statuspress new` made failed (permissions, a full disk).',
    message: ({ target, detail }: { target: string; detail: string }) => `could not write ${target}: ${detail}`,
    example: { target: 'content/notices/28-api-errors.yaml', detail: "EACCES: permission denied, open 'content/notices/28-api-errors.yaml'" },
  }),
  editWriteFailed: command({
    code: 'output/edit-write-failed',
    exit: 1,
    title: '`update` or `resolve` could not write the file',
    when: 'Writing the changed notice file failed (permissions, a full disk). The file is replaced whole or not at all: it is as it was.',
    message: ({ target, detail }: { target: string; detail: string }) => `could not write ${target}: ${detail}; the file was left as it was`,
    example: { target: 'content/notices/42-api.yaml', detail: "EACCES: permission denied, open 'content/notices/.42-api.yaml.4242.tmp'" },
  }),
  changedMeanwhile: command({
    code: 'output/changed-meanwhile',
    exit: 1,
    title: 'The file changed while it was being changed',
    when: 'The notice file `statuspress update` or `statuspress resolve` read was changed by something else (an editor, a git checkout) before the change was written: it is left as the other writer left it.',
    message: ({ target }: { target: string }) => `${target} changed while the command ran; nothing was written`,
    hint: 'Save or close the file in other programs, then run the command again.',
    example: { target: 'content/notices/42-api.yaml' },
  }),
  yamlRoundTrip: command({
    code: 'output/yaml-round-trip',
    exit: 1,
    title: 'A value would not read back as written',
    when: 'The scaffolding wrote YAML (a new file, or a change to one) that one of the two YAML parsers would read differently from what was meant. Never expected: the check exists so it cannot happen silently.',
    message: () => 'could not write this value as YAML that reads back exactly',
    hint: 'Please report this with the text you passed.',
  }),

  // The server.
  privateBuild: command({
    code: 'serve/private-build',
    exit: 1,
    title: 'A private audience’s build',
    when: '`statuspress serve --dir` holds the build of a private audience (`build --audience`): serve asks no credentials and answers anyone, so it refuses to start.',
    message: ({ dir, audience }: { dir: string; audience: string }) =>
      `${dir} is the site of the private audience ${JSON.stringify(audience)}, and statuspress serve answers anyone, with no credentials`,
    hint: 'Serve it from a host that asks for credentials: nginx with its password file (`statuspress host-config nginx --dir DIR`), Netlify with password protection, or behind Cloudflare Access (docs/deploy.md).',
    example: { dir: 'dist-staff', audience: 'staff' },
  }),
  notABuild: command({
    code: 'serve/not-a-build',
    exit: 1,
    title: 'Not a statuspress build',
    when: '`statuspress serve --dir` (default `dist`) is not the output of `statuspress build`.',
    message: ({ dir, file }: { dir: string; file: string }) => `${dir} is not a statuspress build (cannot read ${file})`,
    hint: 'Run `statuspress build` first, or point --dir at the output folder.',
    example: { dir: 'dist', file: '_statuspress/build.json' },
  }),
  otherVersion: command({
    code: 'serve/other-version',
    exit: 1,
    title: 'Built by another version',
    when: 'The build in `--dir` was written by a version of statuspress whose saved state this one cannot read.',
    message: ({ dir }: { dir: string }) => `${dir} was built by another version of statuspress`,
    hint: 'Run `statuspress build` again.',
    example: { dir: 'dist' },
  }),
  portInUse: command({
    code: 'serve/port-in-use',
    exit: 1,
    title: 'The port is in use',
    when: 'Another program listens on the address and port `statuspress serve` was given.',
    message: ({ where }: { where: string }) => `Port ${where} is already in use`,
    hint: 'Choose another --port (or --host), or stop what is using it.',
    example: { where: '127.0.0.1:8080' },
  }),
  cannotListen: command({
    code: 'serve/cannot-listen',
    exit: 1,
    title: 'Cannot listen',
    when: '`statuspress serve` could not listen on its address for another reason (an address this machine does not have, a port below 1024 without the right).',
    message: ({ where, detail }: { where: string; detail: string }) => `Cannot listen on ${where}: ${detail}`,
    hint: 'Choose another --port (or --host), or stop what is using it.',
    example: { where: '10.9.9.9:8080', detail: 'listen EADDRNOTAVAIL: address not available 10.9.9.9:8080' },
  }),

  // statuspress notify.
  notifyPreviousUnreadable: command({
    code: 'notify/previous-unreadable',
    exit: 1,
    title: 'The previous state cannot be read',
    when: 'The file given to `statuspress notify --previous` is a record notify wrote but damaged (a value in it makes no sense: a time that is no time, an unknown state), or cannot be read (permissions), or the site given there answered with an error, something other than a state file, an answer over 64 MiB, or not at all (within 30 seconds). Nothing is sent: without the previous state, what is new is unknown.',
    message: ({ from, detail }: { from: string; detail: string; file: boolean }) => `Could not read the previous state from ${from}: ${detail}; nothing was sent`,
    hint: ({ file }) =>
      file
        ? 'If the file is damaged, delete it: the next run sends nothing and records the state afresh, and the runs after it send what changes.'
        : 'Check that the site is up and serves _statuspress/build.json (GitHub Pages does; the nginx and Netlify configurations statuspress writes keep _statuspress/ private, so use --previous FILE there).',
    example: { from: '.statuspress-notify.json', detail: 'a notify record, but damaged: its "now" is not a timestamp', file: true },
  }),
  notifyRecordLocked: command({
    code: 'notify/record-locked',
    exit: 1,
    title: 'Another `notify` holds the record',
    when: 'Another `statuspress notify` held the record’s lock file for the whole wait (30 seconds). A run holds it only while it reads and replaces the record, so this is a run that hangs, or a lock left on a shared disk whose clock is off. Nothing is sent.',
    message: ({ lock, owner }: { lock: string; owner: string | null }) =>
      `Another statuspress notify is using the record (${lock} exists${owner === null ? '' : `, holding ${owner}`}); nothing was sent`,
    hint: 'Wait for the other run to end and run this one again; remove the lock file only if no other run is going (a lock older than two minutes is removed by itself). The lock holds the process id and start time of the run that made it, shown escaped and cut to 100 characters.',
    example: { lock: '.statuspress-notify.json.lock', owner: '"4242 2026-11-20T10:10:00.120Z"' },
  }),
  notifyRecordNotWritten: command({
    code: 'notify/record-not-written',
    exit: 1,
    title: 'The notify record could not be written',
    when: 'Writing the record file of `statuspress notify --previous FILE` (or its lock) failed (permissions, a full disk). Nothing is sent, since a run that sends must first record what it sends.',
    message: ({ file, detail }: { file: string; detail: string }) => `Could not write ${file}: ${detail}; nothing was sent`,
    hint: 'Check that the folder is writable and the disk has room, then run it again: it sends what changed since the record.',
    example: { file: '.statuspress-notify.json', detail: "EACCES: permission denied, open '.statuspress-notify.json.4242-k3j9.tmp'" },
  }),
  notifyDeliveryFailed: command({
    code: 'notify/delivery-failed',
    exit: 0,
    title: 'A notification was not delivered',
    when: 'A target did not take a message after its retries (an error status, a refused connection, a Retry-After longer than a minute, three attempts, or three minutes spent on the target), or an email server refused some of its recipients (the others have it: it is not sent again). After a message that was not taken, the target’s later messages in the run are not tried, so the channel never shows them out of order. A warning: the other targets got theirs, the command exits 0 and the deployment stands. The events are recorded as sent and are not tried by later runs.',
    message: ({ target, failed, total, reason }: { target: string; failed: number; total: number; reason: string }) =>
      `${target}: ${failed} of ${plural(total, 'message')} not delivered: ${reason}`,
    example: { target: 'teams (TEAMS_WEBHOOK_URL)', failed: 2, total: 3, reason: 'HTTP 500 (3 attempts)' },
  }),
  notifyDeliveryUnknown: command({
    code: 'notify/delivery-unknown',
    exit: 0,
    title: 'A notification was handed over, and no answer came',
    when: 'A target was given a message (an HTTP request sent, an email’s data sent to the server) and did not answer within the attempt’s minute, or the run was stopped while it waited. The message may have arrived, so it is not sent again: the record keeps it as unknown. Look at the channel or the mailing list; the target’s later messages in the run are not tried.',
    message: ({ target, unknown, total, reason }: { target: string; unknown: number; total: number; reason: string }) =>
      `${target}: ${unknown} of ${plural(total, 'message')} handed over without an answer (${reason}): recorded as unknown, not sent again`,
    example: { target: 'email (SMTP_URL, STATUS_EMAIL_TO)', unknown: 1, total: 2, reason: 'the server took the message but gave no answer within 60 s' },
  }),
  notifyStopped: command({
    code: 'notify/stopped',
    exit: 0,
    title: 'The run was stopped while sending',
    when: 'SIGINT, SIGTERM or SIGHUP (a cancelled job, Ctrl-C) came while messages were being sent, or were still to be sent. Every attempt under way ended at once; the messages not yet handed to their target are held in the record and the next run sends them, each to its target only. The command then ends with 128 + the signal’s number (143 for SIGTERM).',
    message: ({ signal, held }: { signal: string; held: number }) =>
      `stopped by ${signal}: ${plural(held, 'message')} not yet sent ${held === 1 ? 'is' : 'are'} held in the record for the next run`,
    example: { signal: 'SIGTERM', held: 4 },
  }),
  notifyNothingOnSite: command({
    code: 'notify/nothing-on-site',
    exit: 0,
    title: 'The site has no state to compare with',
    when: '`statuspress notify --previous URL` got 404 for the site’s `_statuspress/build.json`: a first deployment, or a host that does not serve `_statuspress/`. A warning: nothing is sent.',
    message: ({ address }: { address: string }) => `${address} answered 404: nothing was sent (a first deployment, or a host that does not serve _statuspress/)`,
    example: { address: 'https://status.acme.com/_statuspress/build.json' },
  }),
  notifyAudienceNotServed: command({
    code: 'notify/audience-not-served',
    exit: 0,
    title: 'Targets of another audience are not served by `--previous URL`',
    when: 'A site’s published state file (`--previous URL`) is one audience’s view: the public site’s (a private audience’s site refuses requests without credentials, and a URL with credentials is refused). Only that audience’s targets are compared with it and sent to; the targets of the other audiences get nothing this run. Keep the notify record as a file (`--previous FILE`): one run then serves every audience.',
    message: ({ targets, audience, site }: { targets: string[]; audience: string; site: string }) =>
      `${targets.join(', ')}: not sent to: ${plural(targets.length, 'target')} of the ${audience} audience, and --previous URL is the ${site} site's state; keep the record as a file (--previous FILE) to notify every audience`,
    example: { targets: ['slack (STAFF_SLACK_URL)'], audience: 'staff', site: 'public' },
  }),
  notifyAudienceNotDeployed: command({
    code: 'notify/audience-not-deployed',
    exit: 0,
    title: 'An audience’s site was not deployed: its targets wait',
    when: '`statuspress notify --not-deployed NAME` (the workflow passes it when that audience’s deployment failed): its events link to a site that does not show them, so its targets get nothing this run and its part of the record is left as it was; the next run that deploys it sends them. The other audiences are notified as usual.',
    message: ({ audience, targets }: { audience: string; targets: string[] }) =>
      `the ${audience} site was not deployed: ${targets.length === 0 ? 'its events' : `${targets.join(', ')} get its events`} on the next run that deploys it`,
    example: { audience: 'staff', targets: ['slack (STAFF_SLACK_URL)'] },
  }),
  notifyHeldDropped: command({
    code: 'notify/held-dropped',
    exit: 0,
    title: 'A held message in the record is not sent',
    when: 'The record holds a message a stopped run had not sent, and it is not one this version could have made for that target: its target is no longer in `site.yaml`, or (a hand edit, a damaged file) its event id or type is not of statuspress’s grammar, a webhook’s body names another event, it is larger than 1 MiB, or it was made for a target of another kind. It is left out of the record, and nothing is sent for it: see that the target has what it should.',
    message: ({ target, event, reason }: { target: string; event: string; reason: string }) => `${quote(target, 100)}: the held message ${quote(event, 100)} in the record is not sent (${reason}) and is dropped from it`,
    example: { target: 'webhook (HOOK_URL)', event: 'notice-42-published', reason: 'its body is of another event' },
  }),
  notifyOtherFormat: command({
    code: 'notify/other-format',
    exit: 0,
    title: 'The site’s state is of another version',
    when: 'The state file of the site given to `statuspress notify --previous URL` was written by a version of statuspress that keeps it in another shape. A warning: it counts as none, so nothing is sent this time. (A record file of an older version is read and upgraded instead; one of a newer version is refused: `usage/notify-record-newer`.)',
    message: ({ from }: { from: string }) => `${from} was written by another version of statuspress: nothing was sent this time; the runs from now on compare with this one`,
    example: { from: '.statuspress-notify.json' },
  }),
  notifyPreviousNotRecord: command({
    code: 'usage/notify-previous-not-record',
    exit: 2,
    title: '`--previous` names a file that is not a notify record',
    when: 'The file given to `statuspress notify --previous FILE` is not a record notify wrote: not JSON, not an object with a `format` number and the record’s keys (`package.json`, a list, a text file), not a regular file (a folder, a FIFO, a device), or larger than 64 MiB. It is left as it is (notify replaces only a file it recognises as its record), and the message quotes nothing from it. Nothing is sent.',
    message: ({ file, reason }: { file: string; reason: string }) => `${file} is not a statuspress notify record (${reason}): it was left as it is, and nothing was sent`,
    hint: 'Give --previous the file notify keeps its record in (a path where nothing is yet starts a new record: that run sends nothing), or the deployed site’s address. If this file is a record that got damaged, delete it yourself.',
    example: { file: 'package.json', reason: 'it has no "format" number' },
  }),
  notifyRecordNewer: command({
    code: 'usage/notify-record-newer',
    exit: 2,
    title: 'The notify record is of a newer version',
    when: 'The record given to `statuspress notify --previous FILE` was written by a newer version of statuspress (its `format` is above the ones this version reads). It is left as it is and nothing is sent: this version could misread it, and replacing it would lose what the newer one keeps.',
    message: ({ file, format, reads }: { file: string; format: number; reads: number }) =>
      `${file} was written by a newer statuspress (record format ${format}; this one reads formats 1 to ${reads}): it was left as it is, and nothing was sent`,
    hint: 'Run the newer statuspress (in a status repository, the .statuspress/statuspress.mjs of the latest commit). To go back to this version for good, delete the record: the next run sends nothing and starts a new one.',
    example: { file: '.statuspress-notify.json', format: 3, reads: 2 },
  }),
  notifyIdsRenumbered: command({
    code: 'notify/update-ids-renumbered',
    exit: 0,
    title: 'A notice’s update ids changed',
    when: 'Since the build the record (or the site’s state) describes, an update was inserted before updates that were published (a hand edit; `statuspress update --at` asks for `--backdate`), so their ids in the API, which count updates in time order, changed; or the record, written by an older statuspress that numbered updates by their place in the file, named them otherwise. A warning: notify matches updates by their time and text, so no update is sent again and the inserted one is sent once, but the API’s clients that kept the old ids see new ones.',
    message: ({ notice, ids }: { notice: number; ids: readonly (readonly [number, number])[] }) =>
      `notice ${notice}'s update ids changed (${ids.slice(0, 3).map(([from, to]) => `${from} is now ${to}`).join(', ')}${ids.length > 3 ? `, and ${ids.length - 3} more` : ''}): clients of the API that kept them see new ones; no update was sent again`,
    hint: 'Add updates after the published ones rather than before them. Nothing to do for notify itself.',
    example: { notice: 42, ids: [[42002, 42003]] },
  }),

  noBundle: command({
    code: 'internal/no-bundle',
    exit: 1,
    title: 'No single-file CLI to copy',
    when: '`statuspress init` or `upgrade` runs from an installation of statuspress that lacks `lib/statuspress.mjs`, the file it copies into the repository: a build of statuspress that did not finish.',
    message: ({ looked }: { looked: string[] }) => `this statuspress has no single-file CLI to copy (looked for ${looked.join(', ')})`,
    hint: 'Reinstall statuspress; in a checkout of statuspress itself, run npm run build:lib. `statuspress init --from npm` needs no such file.',
    example: { looked: ['/usr/lib/node_modules/statuspress/lib/statuspress.mjs'] },
  }),
  internal: command({
    code: 'internal/unexpected',
    exit: 1,
    title: 'Unexpected failure',
    when: 'Something failed that statuspress did not foresee: a bug. The message ends with the stack trace.',
    message: ({ command: name, detail }: { command: string; detail: string }) => `statuspress ${name} failed unexpectedly: ${detail}`,
    example: { command: 'build', detail: 'TypeError: Cannot read properties of undefined\n    at …' },
  }),
} as const;
