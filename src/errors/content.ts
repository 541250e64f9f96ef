// The catalogue's content problems: each is printed on one line, `file:line:column  path: message`,
// and the message ends with what to write instead. Content text reaches a message only through
// quote() and describe(): escaped and cut short, so a file can neither flood nor forge a line.
import { describe, excerpt, quote } from '../content/quote.js';
import { MAX_MESSAGES_BYTES, MAX_STYLE_BYTES, MAX_TEMPLATE_DEPTH, MAX_TEMPLATES_BYTES } from '../util/limits.js';
import { content } from './entry.js';

/** The example every timestamp message gives. */
const EXAMPLE = '2026-11-20T10:05:00Z';

/** What a kind of value is called in a message. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping (key: value lines)',
  record: 'a mapping (key: value lines)',
};
const expected = (kind: string): string => EXPECTED[kind] ?? kind;

const NEEDS = {
  site: 'site.yaml needs name, url and created_at',
  component: 'a component needs id, name and created_at',
  notice: 'a notice needs id, type, subject and updates',
} as const;

/** Why one time may not come before another, by the earlier one's key. */
const ORDER = {
  begins_at: 'a maintenance window must end after it begins',
  began_at: 'a notice cannot end before it begins',
  at: 'an update cannot be edited before it was posted',
  created_at: 'a component cannot change before it was created',
} as const;

const URL_EXAMPLE = 'write it like https://status.acme.com or https://acme.github.io/status';

/** What is wrong with a site url, for `content/bad-url`. */
type UrlProblem =
  | { problem: 'spaces' | 'not-absolute' | 'scheme' | 'no-host'; value: string }
  | { problem: 'character'; value: string; char: string }
  | { problem: 'credentials' | 'query' };

const URL_PROBLEM = {
  spaces: (p: { value: string }) => `${quote(p.value)} contains spaces; ${URL_EXAMPLE}`,
  character: (p: { value: string; char: string }) => `${quote(p.value)} contains ${quote(p.char)}, which a URL may not hold; ${URL_EXAMPLE}`,
  'not-absolute': (p: { value: string }) => `${quote(p.value)} is not an absolute URL; ${URL_EXAMPLE}`,
  scheme: (p: { value: string }) => `${quote(p.value)} must start with https:// or http://`,
  'no-host': (p: { value: string }) => `${quote(p.value)} has no host name; ${URL_EXAMPLE}`,
  credentials: () => 'must not carry a user name or password',
  query: () => 'must not carry a query (?) or fragment (#); use the address of the status page itself',
};

/** An anchor name as shown: short, and only characters that cannot disturb the line. */
const anchor = (name: string): string => (/^[\w-]{1,40}$/.test(name) ? name : quote(name, 20));

/** What a character that YAML reserves at the start of a plain scalar would make of the text. */
const RESERVED: Record<string, string> = {
  '*': 'a * at the start makes an alias (*name), not text',
  '&': 'a & at the start makes an anchor (&name), not text, and leaves its name out',
  '!': 'a ! at the start makes a tag, not text, and leaves its name out',
  '%': 'a % at the start of text is a YAML directive',
  '[': 'a [ at the start makes a list, not text',
  '{': 'a { at the start makes a mapping, not text',
  '|': 'a | starts a block whose text is on the lines below',
  '>': 'a > starts a block whose text is on the lines below',
};

const spaces = (n: number): string => `${n} ${n === 1 ? 'space' : 'spaces'}`;

const article = (word: string): string => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

/** `U+0007`. */
const codePoint = (char: string): string => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

export const CONTENT = {
  // The folder and its files.
  noSiteFile: content({
    code: 'content/no-site-file',
    title: 'No site.yaml',
    when: 'The content folder has no `site.yaml` (or `site.yml`).',
    message: () => 'no site.yaml in the content folder; create it with name, url and created_at',
    hint: 'Create site.yaml with the page’s name, url and created_at (docs/content.md shows one).',
  }),
  twoSiteFiles: content({
    code: 'content/two-site-files',
    title: 'Both site.yaml and site.yml',
    when: 'The content folder holds both spellings of the site file.',
    message: ({ kept, extra }: { kept: string; extra: string }) => `both ${kept} and ${extra} exist; keep one`,
    hint: 'Remove one of the two files.',
    example: { kept: 'site.yaml', extra: 'site.yml' },
  }),
  folderMissing: content({
    code: 'content/folder-missing',
    title: 'components/ or notices/ is missing',
    when: 'The content folder has no `components/` or no `notices/` folder. An empty one is fine; a missing one could publish a history without its notices.',
    message: () => 'missing; create the folder (an empty one means none yet: git keeps an empty folder only with a file such as .gitkeep in it)',
    hint: 'Create the folder; to keep it empty in git, put a file such as .gitkeep in it.',
  }),
  folderNotFolder: content({
    code: 'content/folder-not-folder',
    title: 'components/ or notices/ is not a folder',
    when: '`components` or `notices` is a file.',
    message: () => 'is not a folder; it must be a folder of YAML files',
    hint: 'Replace it with a folder of YAML files.',
  }),
  folderUnreadable: content({
    code: 'content/folder-unreadable',
    title: 'A content folder cannot be read',
    when: 'The content folder, `components/` or `notices/` cannot be opened or listed (permissions). What it holds is unknown, so references into it are not judged.',
    message: ({ errno, listing }: { errno: string; listing: boolean }) =>
      listing ? `could not list the folder (${errno}); check its permissions` : `could not be read (${errno}); check its permissions`,
    hint: 'Give the user running statuspress the right to read and list the folder.',
    example: { errno: 'EACCES', listing: true },
  }),
  fileVanished: content({
    code: 'content/file-vanished',
    title: 'A file disappeared',
    when: 'A file was removed between listing the folder and reading it.',
    message: () => 'disappeared while the folder was read; run the command again',
    hint: 'Run the command again once nothing else changes the content folder.',
  }),
  fileChanged: content({
    code: 'content/file-changed',
    title: 'A file changed while it was read',
    when: 'A file was replaced between being judged and being opened (a link swapped in): it is not read.',
    message: () => 'changed while the folder was read; run the command again',
    hint: 'Run the command again once nothing else changes the content folder.',
  }),
  notAFile: content({
    code: 'content/not-a-file',
    title: 'Not a plain file',
    when: 'An entry named like a content file is a folder, a named pipe, a socket or a device.',
    message: ({ what }: { what?: string }) =>
      what === undefined ? 'not a regular file; content files must be plain YAML files' : `is ${what}, not a file; content files must be plain YAML files`,
    hint: 'Replace it with a plain YAML file, or rename it so it does not end in .yaml or .yml.',
    example: { what: 'a folder' },
  }),
  linkLoop: content({
    code: 'content/link-loop',
    title: 'A symbolic link in a loop',
    when: 'A content file or folder is a symbolic link that leads back to itself.',
    message: () => 'is a symbolic link in a loop; replace it with the file itself',
    hint: 'Replace the link with the file (or folder) itself.',
  }),
  linkDangling: content({
    code: 'content/link-dangling',
    title: 'A symbolic link to nothing',
    when: 'A content file or folder is a symbolic link whose target does not exist.',
    message: () => 'is a symbolic link to nothing (its target is missing); replace it with the file itself',
    hint: 'Replace the link with the file (or folder) itself.',
  }),
  linkOutside: content({
    code: 'content/link-outside',
    title: 'A symbolic link out of the content folder',
    when: 'A content file or folder is a symbolic link to a place outside the content folder. It is never followed: content arrives in pull requests, and such a link could publish any file of the machine.',
    message: () => 'is a symbolic link that leads outside the content folder; it was not followed. Put the file itself in the content folder',
    hint: 'Put the file itself in the content folder.',
  }),
  fileUnreadable: content({
    code: 'content/file-unreadable',
    title: 'A file cannot be read',
    when: 'A content file cannot be opened or read (permissions).',
    message: ({ errno }: { errno: string }) => `could not read the file (${errno}); check that it exists and is readable`,
    hint: 'Give the user running statuspress the right to read the file.',
    example: { errno: 'EACCES' },
  }),
  fileTooLarge: content({
    code: 'content/file-too-large',
    title: 'A file over 1 MiB',
    when: 'A content file is larger than 1 MiB: it is not parsed.',
    message: ({ bytes, max }: { bytes?: number; max: number }) =>
      bytes === undefined
        ? `file is over ${max / 2 ** 20} MiB; content files may be at most ${max} bytes`
        : `file is ${bytes} bytes; content files may be at most ${max / 2 ** 20} MiB (${max} bytes)`,
    hint: 'Split the file: a notice with that much text is better as several notices.',
    example: { bytes: 1_500_000, max: 1_048_576 },
  }),
  notUtf8: content({
    code: 'content/not-utf8',
    title: 'Not UTF-8',
    when: 'A content file is not valid UTF-8 text.',
    message: () => 'not valid UTF-8; save the file as UTF-8',
    hint: 'Save the file as UTF-8 in your editor.',
  }),
  controlCharacter: content({
    code: 'content/control-character',
    title: 'A control character in the file',
    when: 'A file holds a raw control character (NUL, BEL, …), which YAML does not allow.',
    message: ({ char }: { char: string }) => `holds the control character ${codePoint(char)}, which YAML does not allow in a file; remove it`,
    hint: 'Remove the character; an editor that shows invisible characters helps find it.',
    example: { char: '\u0007' },
  }),

  // YAML.
  nestedTooDeep: content({
    code: 'content/nested-too-deep',
    title: 'Nested too deep',
    when: 'The YAML nests lists and mappings more levels deep than any content file needs. Refused before parsing, which would overflow the stack.',
    message: ({ depth, max }: { depth: number; max: number }) => `nested ${depth} levels deep; content files may nest at most ${max} levels`,
    hint: 'Content files nest a few levels at most; remove the nesting.',
    example: { depth: 100, max: 64 },
  }),
  tooManyEntries: content({
    code: 'content/too-many-entries',
    title: 'Too many entries in one list or mapping',
    when: 'One list or mapping holds more entries than any content file needs. Refused before parsing: checking a mapping for repeated keys takes time that grows with the square of its keys.',
    message: ({ count, max }: { count: number; max: number }) => `a list or mapping of ${count} entries; content files hold at most ${max} in one`,
    hint: 'A notice lists a few components and at most 899 updates; split what is left over.',
    example: { count: 300000, max: 2000 },
  }),
  tooManyYamlMistakes: content({
    code: 'content/too-many-yaml-mistakes',
    title: 'Too many YAML mistakes in one file',
    when: 'A file holds so many YAML mistakes that reading on would cost time and memory growing with each of them (unquoted braces written thousands of times made a 900 KB file take a gigabyte). Reading stops there; the mistakes before it are listed.',
    message: ({ max }: { max: number }) => `more than ${max} YAML mistakes: the rest of the file was not read; fix the ones above first (text that starts with {, [ or * needs quotes)`,
    hint: 'Most often one text written without quotes holds `{`, `[`, `:` or `#`: quote the text, or write it as a block with `|`.',
    example: { max: 50 },
  }),
  yamlSyntax: content({
    code: 'content/yaml-syntax',
    title: 'YAML syntax error',
    when: 'The YAML parser cannot read the file. The file is reported for this alone: its other findings would be guesses.',
    message: ({ detail }: { detail: string }) => `YAML syntax error: ${detail}`,
    hint: 'Fix the YAML at the place given; the parser’s own words follow the colon.',
    example: { detail: 'Flow sequence in block collection must be sufficiently indented and end with a ]' },
  }),
  yamlWarning: content({
    code: 'content/yaml-warning',
    title: 'YAML warning',
    when: 'The YAML parser reads the file but warns about it (an unknown tag, for example).',
    message: ({ detail }: { detail: string }) => `YAML warning: ${detail}`,
    hint: 'Write plain YAML: no tags, no directives.',
    example: { detail: 'Unresolved tag: !custom' },
  }),
  yamlUnreadable: content({
    code: 'content/yaml-unreadable',
    title: 'YAML that cannot be turned into data',
    when: 'The parser read the file but could not turn it into data.',
    message: ({ detail }: { detail: string }) => `could not read the YAML (${detail})`,
    hint: 'Write plain YAML: no tags, no directives, no aliases.',
    example: { detail: 'Invalid key' },
  }),
  duplicateKey: content({
    code: 'content/duplicate-key',
    title: 'A key twice in one mapping',
    when: 'One mapping holds the same key twice: one of the values would be lost silently.',
    message: ({ key, first }: { key: string; first?: number }) =>
      `key ${quote(key)} appears twice in the same mapping${first === undefined ? '' : ` (first on line ${first})`}; keep only one`,
    hint: 'Keep one of the two lines. Reported at the second one.',
    example: { key: 'subject', first: 3 },
  }),
  twoDocuments: content({
    code: 'content/two-documents',
    title: 'More than one YAML document',
    when: 'The file holds a second document after `---`.',
    message: () => 'one document per file; remove the second document (after ---) or move it to its own file',
    hint: 'One notice or component per file: move the second document to its own file.',
  }),
  aliasUnresolved: content({
    code: 'content/alias-unresolved',
    title: 'An alias without its anchor',
    when: 'An alias (`*name`) names no anchor (`&name`) before it.',
    message: ({ name }: { name: string }) =>
      `the alias *${anchor(name)} names no anchor before it; to write text that starts with *, put the whole text in quotes (or define &${anchor(name)} first)`,
    hint: 'Text that starts with `*` must be quoted (`content: "*Update:* all good"`); an alias needs its anchor (`&name`) earlier in the file.',
    example: { name: 'base' },
  }),
  aliasCircular: content({
    code: 'content/alias-circular',
    title: 'A circular alias',
    when: 'An alias refers to a node that contains the alias itself.',
    message: () => 'this alias refers to a node that contains it; content cannot be circular',
    hint: 'Write the value out instead of the alias.',
  }),
  aliasBomb: content({
    code: 'content/alias-bomb',
    title: 'Aliases that expand too far',
    when: 'The file’s aliases expand to more than 100 nodes (a “billion laughs” file).',
    message: ({ max }: { max: number }) => `its aliases (*name) expand to more than ${max} nodes; use fewer aliases`,
    hint: 'Use fewer aliases, or write the values out.',
    example: { max: 100 },
  }),
  emptyFile: content({
    code: 'content/empty-file',
    title: 'An empty file',
    when: 'A content file holds nothing (or only comments).',
    message: ({ kind }: { kind: keyof typeof NEEDS }) => `the file is empty; ${NEEDS[kind]}`,
    hint: 'Write the file’s required keys, or remove the file.',
    example: { kind: 'notice' },
  }),
  // The mistakes people make in YAML, each named with how to fix it (yaml-mistakes.ts tells them apart).
  yamlColonInText: content({
    code: 'content/yaml-colon-in-text',
    title: 'A colon and a space inside text',
    when: 'Text that is not in quotes holds `: ` (`content: Root cause: a bad deploy`). YAML reads `: ` as the end of a key, so the text becomes a key and a value, which YAML does not allow there.',
    message: ({ before }: { before: string }) =>
      `YAML reads the ": " after ${quote(before, 30)} as a key, not as text; put the whole text in quotes, or write it as a block with |`,
    hint: 'Put the text in double quotes (`content: "Root cause: a bad deploy"`, writing `\\"` for a `"` inside), or write it as a block: `content: |` and the text on the lines below, indented further.',
    example: { before: 'Root cause' },
  }),
  yamlCommentInText: content({
    code: 'content/yaml-comment-in-text',
    title: 'A # that cuts text short',
    when: 'Text that is not in quotes, under a key that holds text (`subject`, `content`, `name`, `description`, the texts of `state_text` and `transition_text`), has ` #` followed by a word (`#42`, `#incident-42`) on its line, or on the next line indented under the key: YAML reads a space and `#` as the start of a comment, and leaves the rest of the line out of the text (`subject: Fix for issue #42` is the subject `Fix for issue`). A comment written as one (`# ` and a space: `name: Acme Status   # the page’s name`) is allowed after any value; a `#` with no space before it (`issue#42`) is text, and a comment on a line of its own, or after an id, a time, a state or a list, is never flagged.',
    message: ({ lost }: { lost: string }) =>
      `" #" starts a comment, so ${quote(`#${lost}`, 30)} is left out of the text; put the whole text in quotes to keep it, or move the comment to a line of its own`,
    hint: 'To keep the `#` and what follows, put the text in quotes (`content: "We deployed fix #2 now"`) or write it as a block with `|`. For a comment, put it on a line of its own.',
    example: { lost: '2 now' },
  }),
  yamlIndentation: content({
    code: 'content/yaml-indentation',
    title: 'A key indented differently from the keys beside it',
    when: 'A line is indented more or less than the keys it belongs with (often by one space). Reported at that line: the parser itself notices only on the line before it, or after it.',
    message: ({ key, indent, expected }: { key: string; indent: number; expected: number }) =>
      `${quote(key, 30)} is indented ${spaces(indent)}, but the keys above it ${expected === 0 ? 'are not indented' : `are at ${spaces(expected)}`}; keys of one mapping line up exactly: ${expected === 0 ? 'remove the indentation' : `indent it ${spaces(expected)}`}`,
    hint: 'Indent the key exactly like the other keys of its mapping (the keys of an update line up under the `at` after its `-`). Indent with spaces, never tabs.',
    example: { key: 'content', indent: 5, expected: 4 },
  }),
  yamlListIndentation: content({
    code: 'content/yaml-list-indentation',
    title: 'A list item out of line with the items above it',
    when: 'The `-` of a list item is indented more or less than the `-` of the items above it.',
    message: ({ indent, expected }: { indent: number; expected: number }) =>
      `this "-" is indented ${spaces(indent)}, but the items above it ${expected === 0 ? 'are not indented' : `are at ${spaces(expected)}`}; every "-" of one list lines up: ${expected === 0 ? 'remove the indentation' : `indent it ${spaces(expected)}`}`,
    hint: 'Line up the `-` of every item of the list, and the keys of each item under the first key after its `-`.',
    example: { indent: 3, expected: 2 },
  }),
  yamlTab: content({
    code: 'content/yaml-tab',
    title: 'A tab in the indentation',
    when: 'A line is indented with a tab. YAML indents with spaces only.',
    message: () => 'a tab indents this line, and YAML indents with spaces only; replace the tab with spaces',
    hint: 'Replace the tab with spaces (most editors can be set to insert spaces for the Tab key in YAML files).',
  }),
  yamlNoSpaceAfterColon: content({
    code: 'content/yaml-no-space-after-colon',
    title: 'No space after a key’s colon',
    when: 'A line reads like a key and its value with no space after the colon (`state:resolved`): YAML reads that as text, not as a key.',
    message: ({ key, value }: { key: string; value: string }) =>
      `${quote(`${key}:${value}`, 40)} has no space after the colon, so YAML does not read a key in it; write ${quote(`${key}: ${value}`, 40)}`,
    hint: 'Put a space after the colon: `state: resolved`.',
    example: { key: 'state', value: 'resolved' },
  }),
  yamlUnclosedQuote: content({
    code: 'content/yaml-unclosed-quote',
    title: 'A quote that is never closed',
    when: 'Text starts with a quote (`"` or `\'`) that no quote closes on its line: YAML reads on to the next quote, however far away, and the lines in between become part of the text.',
    message: ({ mark }: { mark: '"' | "'" }) =>
      `this text starts with ${mark} but does not end with one on its line; end it with ${mark} (a ${mark} inside it is written ${mark === '"' ? '\\"' : "''"}), or remove the first ${mark}`,
    hint: 'End the text with the quote it starts with, on the same line. Inside double quotes write `\\"` for a quote; inside single quotes, `\'\'`. For text over several lines, use a block (`|`).',
    example: { mark: '"' },
  }),
  yamlTextAfterQuote: content({
    code: 'content/yaml-text-after-quote',
    title: 'Text after a closing quote',
    when: 'Text starts with a quoted part and goes on after its closing quote (`subject: "Fixed" the API`): YAML takes the quoted part as the whole value.',
    message: ({ mark }: { mark: '"' | "'" }) =>
      `the text goes on after its closing ${mark}; put the whole text in quotes (${mark === '"' ? 'a " inside is written \\"' : "a ' inside is written ''"}), or remove the quotes`,
    hint: 'Quote the whole text, escaping the quotes inside it: `subject: "\\"Fixed\\" the API"` or `subject: \'"Fixed" the API\'`.',
    example: { mark: '"' },
  }),
  yamlReservedStart: content({
    code: 'content/yaml-reserved-start',
    title: 'Text that starts with a character YAML reserves',
    when: 'Text that is not in quotes starts with a character YAML gives a meaning: `@` and `` ` `` are reserved, `%` starts a directive, `*` an alias, `&` an anchor (an anchor’s name is dropped from the text, so it is flagged under keys that hold text when no alias uses it), `!` a tag, `[` a list, `{` a mapping, `|` and `>` a block.',
    message: ({ char }: { char: string }) => `${RESERVED[char] ?? `YAML reserves ${quote(char)} at the start of text`}; put the whole text in quotes`,
    hint: 'Put the text in double quotes: `subject: "@everyone the API is down"`.',
    example: { char: '@' },
  }),

  // Fields.
  unknownKey: content({
    code: 'content/unknown-key',
    title: 'Unknown key',
    when: 'A mapping holds a key its file kind does not have: a misspelling, or a key of another place.',
    message: ({ key, guess, allowed }: { key: string; guess?: string; allowed: readonly string[] }) =>
      // `null:` and `~:` become the key "" (as `yaml` reads a null key); say what was written.
      `unknown key ${key === '' ? 'with no name (null:, ~: or "":)' : quote(key)}; ${guess ? `did you mean "${guess}"?` : `remove it (allowed here: ${allowed.join(', ')})`}`,
    hint: 'Correct the key’s spelling (the message suggests the nearest allowed key), or remove it.',
    example: { key: 'stat', guess: 'state', allowed: ['at', 'updated_at', 'state', 'content'] },
  }),
  missingKey: content({
    code: 'content/missing-key',
    title: 'A required key is missing',
    when: 'A key the file kind requires is not there.',
    message: ({ kind, choices }: { kind?: string; choices?: readonly unknown[] }) =>
      choices ? `missing; add one of ${choices.map(String).join(', ')}` : `missing; add it (${expected(kind ?? '')})`,
    hint: 'Add the key with a value of the kind given.',
    example: { kind: 'string' },
  }),
  emptyValue: content({
    code: 'content/empty-value',
    title: 'A key without a value',
    when: 'A key is written without a value (`name:`), or with `~` or `null`, where a value is required.',
    message: ({ kind, choices }: { kind?: string; choices?: readonly unknown[] }) =>
      choices ? `empty; use one of ${choices.map(String).join(', ')}` : `empty; write ${expected(kind ?? '')} here`,
    hint: 'Write the value after the colon.',
    example: { kind: 'string' },
  }),
  wrongType: content({
    code: 'content/wrong-type',
    title: 'A value of the wrong kind',
    when: 'A value is of another kind than its key takes: a number where text belongs, text where a list belongs, a misspelt `true` or `false`.',
    message: ({ kind, value, guess }: { kind: string; value: unknown; guess?: string }) => {
      const numeric = kind === 'number' || kind === 'int';
      const fix = guess
        ? `; did you mean ${guess}?`
        : kind === 'string' && (typeof value === 'number' || typeof value === 'boolean')
          ? '; put it in quotes to make it text'
          : numeric && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())
            ? '; remove the quotes to make it a number'
            : '';
      return `expected ${expected(kind)}, got ${describe(value)}${fix}`;
    },
    hint: 'Write a value of the kind given; quotes make any value text.',
    example: { kind: 'string', value: 42 },
  }),
  notAllowed: content({
    code: 'content/not-allowed',
    title: 'A value that is not one of the choices',
    when: 'A key that takes one of a few words (a notice’s `type`) holds another.',
    message: ({ value, choices, guess }: { value: unknown; choices: readonly unknown[]; guess?: string }) =>
      `${describe(value)} is not allowed; ${guess ? `did you mean "${guess}"?` : `use one of ${choices.map(String).join(', ')}`}`,
    hint: 'Use one of the words listed (a misspelt one gets the nearest as a suggestion).',
    example: { value: 'unplaned', choices: ['unplanned', 'planned', 'general'], guess: 'unplanned' },
  }),
  outOfRange: content({
    code: 'content/out-of-range',
    title: 'A number out of range',
    when: 'A whole number is too large (or too small) to be handled exactly.',
    message: ({ value }: { value: unknown }) => `${describe(value)} is out of range; use a whole number of a sensible size`,
    hint: 'Use a smaller number.',
    example: { value: 1e300 },
  }),
  controlEscape: content({
    code: 'content/control-escape',
    title: 'A control character in text',
    when: 'Quoted text holds an escape that makes a control character (`"\\0"`, `"\\x07"`): it could disturb a page, a feed or a terminal.',
    message: ({ value }: { value: unknown }) => `${describe(value)} holds a control character (from an escape such as \\0 or \\x07); remove it`,
    hint: 'Remove the escape; a line break is written as a real line break or `\\n`, a tab as `\\t`.',
    example: { value: 'API\u0000errors' },
  }),
  noncharacterEscape: content({
    code: 'content/noncharacter-escape',
    title: 'A noncharacter in text',
    when: 'Quoted text holds `"\\uFFFE"` or `"\\uFFFF"`: not characters at all, and XML (the Atom feed, the badges) cannot carry them.',
    message: ({ value }: { value: unknown }) => `${describe(value)} holds U+FFFE or U+FFFF, which are not characters (from an escape such as \\uFFFE); remove it`,
    hint: 'Remove the escape.',
    example: { value: 'API\uFFFEerrors' },
  }),
  loneSurrogate: content({
    code: 'content/lone-surrogate',
    title: 'Half a character in text',
    when: 'Quoted text holds an escape of half a UTF-16 surrogate pair (`"\\uD800"`) without its other half: no character at all, which no page, feed or API answer can carry.',
    message: ({ value }: { value: unknown }) => `${describe(value)} holds half of a character (from an escape such as \\uD800 without the escape of its other half); remove it, or write the character itself`,
    hint: 'Write the character itself (an emoji, say) instead of escapes, or give both halves: `"\\uD83D\\uDE00"`.',
    example: { value: 'API\uD800errors' },
  }),
  emptyText: content({
    code: 'content/empty-text',
    title: 'Empty text',
    when: 'Text that must say something (a name, a subject, an update’s content) is empty or only spaces.',
    message: () => 'must not be empty; write some text',
    hint: 'Write the text.',
  }),
  badId: content({
    code: 'content/bad-id',
    title: 'Not a valid id',
    when: 'An id (a component’s or notice’s `id`, `parent_id`, an entry of `components`) is 0 or negative.',
    message: ({ value }: { value: unknown }) => `${describe(value)} is not a valid id; ids are positive whole numbers`,
    hint: 'Ids are positive whole numbers: 1, 2, 3…',
    example: { value: 0 },
  }),
  noticeIdTooLarge: content({
    code: 'content/notice-id-too-large',
    title: 'A notice id too large',
    when: 'A notice’s id is above 9,000,000,000,000: its updates’ ids (id × 1000 + n) would no longer be exact.',
    message: ({ max }: { max: number }) => `notice ids may be at most ${max} (update ids are built from them)`,
    hint: 'Use a smaller id.',
    example: { max: 9_000_000_000_000 },
  }),
  negativeImpact: content({
    code: 'content/negative-impact',
    title: 'A negative impact',
    when: '`impact_seconds` is below 0.',
    message: () => 'must be 0 or more seconds',
    hint: 'Give the impact’s length in seconds, 0 or more.',
  }),
  noUpdates: content({
    code: 'content/no-updates',
    title: 'A notice without updates',
    when: 'A notice’s `updates` is an empty list.',
    message: () => 'needs at least one update',
    hint: 'Add the first update: `at`, `state` (unless the notice is general) and `content`.',
  }),
  tooManyUpdates: content({
    code: 'content/too-many-updates',
    title: 'Too many updates',
    when: 'A notice has more than 899 updates (update ids 901 and 902 belong to the automatic transitions).',
    message: ({ max }: { max: number }) => `at most ${max} updates per notice; start a new notice for a long-running story`,
    hint: 'Start a new notice for the rest of the story.',
    example: { max: 899 },
  }),
  badLocale: content({
    code: 'content/bad-locale',
    title: 'A locale statuspress has no words for',
    when: '`locale` in site.yaml (or one of `locales`, or the name of a file of messages, `templates/locales/<locale>.yaml`) is not a BCP 47 language tag, names a language statuspress ships no message catalogue for (en, de, fr, es, pt-BR, ja, ar), or has parts beyond language, script and region (an extension such as `-u-ca-islamic`, a private-use part such as `-x-staff`), which change nothing statuspress writes.',
    message: (p: { value: string; guess?: string; problem?: string }) =>
      p.problem === 'extension'
        ? `${quote(p.value)} has parts beyond language, script and region (-u-…, -x-…), which statuspress does not use${p.guess ? `; write ${p.guess}` : ''}`
        : `${quote(p.value)} is not a language statuspress ships${p.guess ? `; did you mean ${p.guess}?` : '; write one of en, de, fr, es, pt-BR, ja, ar'}`,
    hint: 'Write a BCP 47 tag of a shipped language: en, de, fr, es, pt-BR, ja or ar.',
    example: { value: 'de_DE', guess: 'de' },
  }),
  badTimeZone: content({
    code: 'content/bad-time-zone',
    title: 'An unknown time zone',
    when: '`time_zone` in site.yaml is not an IANA time zone name known to Node’s ICU (`Intl.supportedValuesOf(\'timeZone\')`), or is one in another case than the tz database spells it (`europe/berlin`, `utc`: Intl would take it, but the file should say the name the build uses; the did-you-mean gives the spelling).',
    message: (p: { value: string; guess?: string }) => `${quote(p.value)} is not an IANA time zone${p.guess ? `; did you mean ${p.guess}?` : '; write a name such as Europe/Berlin or America/New_York'}`,
    hint: 'Write an IANA zone name such as Europe/Berlin, America/New_York or UTC.',
    example: { value: 'Europe/Berln', guess: 'Europe/Berlin' },
  }),
  badUrl: content({
    code: 'content/bad-url',
    title: 'The site’s url is not a plain web address',
    when: '`url` in site.yaml is not an absolute http(s) address without spaces, user name, query or fragment: it is printed into every page, feed and API answer.',
    message: (p: UrlProblem) => (URL_PROBLEM[p.problem] as (p: UrlProblem) => string)(p),
    hint: 'Write the public address of the status page, like https://status.acme.com or https://acme.github.io/status.',
    example: { problem: 'not-absolute', value: 'status.acme.com' },
  }),

  // Timestamps.
  timestampMissing: content({
    code: 'content/timestamp-missing',
    title: 'A required timestamp is missing',
    when: 'A timestamp the file requires (`created_at`, an update’s `at`) is not there.',
    message: () => `missing; add a timestamp with a time zone, e.g. ${EXAMPLE}`,
    hint: `Add the timestamp, with its zone: ${EXAMPLE}.`,
  }),
  timestampEmpty: content({
    code: 'content/timestamp-empty',
    title: 'A timestamp without a value',
    when: 'A timestamp key is written without a value.',
    message: () => `empty; write a timestamp with a time zone, e.g. ${EXAMPLE}`,
    hint: `Write the timestamp after the colon, with its zone: ${EXAMPLE}.`,
  }),
  timestampTagged: content({
    code: 'content/timestamp-tagged',
    title: 'A YAML 1.1 timestamp',
    when: 'A timestamp carries a `!!timestamp` tag, or the file a `%YAML 1.1` directive: either drops the zone as written.',
    message: () => `write the timestamp as plain text with a time zone (e.g. ${EXAMPLE}), without a !!timestamp tag or %YAML 1.1 directive`,
    hint: 'Remove the tag or the directive.',
  }),
  notATimestamp: content({
    code: 'content/not-a-timestamp',
    title: 'Not a timestamp',
    when: 'A timestamp key holds something that is not an ISO 8601 timestamp: another format, a number, a list.',
    message: ({ value }: { value: unknown }) =>
      typeof value === 'string'
        ? `${quote(value)} is not a timestamp; write ISO 8601 with a time zone, e.g. ${EXAMPLE}`
        : `expected a timestamp like ${EXAMPLE}, got ${describe(value)}`,
    hint: `Write the date and time with dashes and colons and a zone: ${EXAMPLE} or 2026-11-20T12:05:00+02:00.`,
    example: { value: '20/11/2026 10:05' },
  }),
  timestampBasicForm: content({
    code: 'content/timestamp-basic-form',
    title: 'A timestamp in the basic form',
    when: 'A timestamp is written in ISO 8601’s basic form, without `-` and `:` (`20261120T100500Z`). statuspress writes that form into file names only; people write the extended form, in content as in `--now` and query strings.',
    message: ({ value, extended }: { value: string; extended: string }) => `${quote(value)} is the basic form of ISO 8601; write the extended form, ${extended}`,
    hint: 'Write the same time with dashes and colons, as the message shows.',
    example: { value: '20261120T100500Z', extended: '2026-11-20T10:05:00Z' },
  }),
  timestampDateOnly: content({
    code: 'content/timestamp-date-only',
    title: 'A date without a time',
    when: 'A timestamp holds a date alone.',
    message: ({ value }: { value: string }) => `${quote(value)} is a date without a time; write e.g. ${value.trim()}T00:00:00Z`,
    hint: 'Add the time and the zone.',
    example: { value: '2026-11-20' },
  }),
  timestampWithoutZone: content({
    code: 'content/timestamp-without-zone',
    title: 'A timestamp without a time zone',
    when: 'A timestamp has a date and a time but no zone: the reader’s local time would be a guess.',
    message: () => `timestamp needs a time zone, e.g. ${EXAMPLE}`,
    hint: 'Add `Z` for UTC, or the offset: `+02:00`.',
  }),
  timestampNotReal: content({
    code: 'content/timestamp-not-real',
    title: 'A date or time that does not exist',
    when: 'A timestamp is shaped right but names a day, month or hour that does not exist (30 February, hour 25).',
    message: ({ value }: { value: string }) => `${quote(value)} is not a real date and time; check the day, month and hour`,
    hint: 'Correct the date or the time.',
    example: { value: '2024-02-30T00:00:00Z' },
  }),
  timestampOutOfYears: content({
    code: 'content/timestamp-out-of-years',
    title: 'A timestamp outside the years 0000-9999',
    when: 'A timestamp falls before year 0 or after year 9999 once converted to UTC, which no output format can write.',
    message: ({ value }: { value: string }) => `${quote(value)} falls outside the years 0000-9999 once converted to UTC; check the year and the zone`,
    hint: 'Check the year and the zone.',
    example: { value: '9999-12-31T23:00:00-02:00' },
  }),

  // Rules of a notice type, and order in time.
  keyOfOtherType: content({
    code: 'content/key-of-other-type',
    title: 'A key of another notice type',
    when: 'A notice carries a key only another type has (`begins_at` on an incident, `expires_at` on a maintenance).',
    message: ({ key, only, type }: { key: string; only: string; type: string }) => `only ${only} notices have ${key}; remove it from this ${type} notice`,
    hint: 'Remove the key, or change the notice’s type.',
    example: { key: 'begins_at', only: 'planned', type: 'unplanned' },
  }),
  generalBeganEnded: content({
    code: 'content/general-began-ended',
    title: '`began_at` or `ended_at` on a general notice',
    when: 'A general notice carries `began_at` or `ended_at`, which it does not have in the API.',
    message: ({ key }: { key: string }) => `a general notice has no ${key}; remove it (use expires_at to end it)`,
    hint: 'Remove the key; `expires_at` ends a general notice.',
    example: { key: 'began_at' },
  }),
  plannedWindowMissing: content({
    code: 'content/planned-window-missing',
    title: 'A maintenance without its window',
    when: 'A planned notice lacks `begins_at` or `ends_at`.',
    message: ({ key }: { key: 'begins_at' | 'ends_at' }) => `missing; a planned notice needs ${key}, when its window ${key === 'begins_at' ? 'starts' : 'ends'}`,
    hint: 'Add the timestamp.',
    example: { key: 'ends_at' },
  }),
  generalUpdateState: content({
    code: 'content/general-update-state',
    title: 'A state on an update of a general notice',
    when: 'An update of a general notice carries a `state`.',
    message: () => 'updates of a general notice have no state; remove it',
    hint: 'Remove the `state` line.',
  }),
  stateMissing: content({
    code: 'content/state-missing',
    title: 'An update without a state',
    when: 'An update of an unplanned or planned notice has no `state`.',
    message: ({ type, states }: { type: string; states: readonly string[] }) => `missing; each update of ${article(type)} notice needs a state: one of ${states.join(', ')}`,
    hint: 'Add the state the notice is in after this update.',
    example: { type: 'unplanned', states: ['investigating', 'identified', 'recovering', 'resolved', 'false_alarm'] },
  }),
  badState: content({
    code: 'content/bad-state',
    title: 'A state the notice type does not have',
    when: 'An update’s `state` is not one of its notice type’s states.',
    message: ({ value, type, states, guess }: { value: unknown; type: string; states: readonly string[]; guess?: string }) =>
      `${describe(value)} is not a state of ${article(type)} notice; ${guess ? `did you mean "${guess}"?` : `use one of ${states.join(', ')}`}`,
    hint: 'Use one of the states of the notice’s type (a misspelt one gets the nearest as a suggestion).',
    example: { value: 'scheduled', type: 'unplanned', states: ['investigating', 'identified', 'recovering', 'resolved', 'false_alarm'] },
  }),
  timeOrder: content({
    code: 'content/time-order',
    title: 'Times that run backwards',
    when: '`ends_at` before `begins_at`, `ended_at` before `began_at`, an update’s `updated_at` before its `at`, or a component’s `updated_at` before its `created_at`.',
    message: ({ earlier }: { earlier: keyof typeof ORDER }) => `is before ${earlier}; ${ORDER[earlier]}`,
    hint: 'Correct whichever of the two times is wrong.',
    example: { earlier: 'began_at' },
  }),
  postmortemBeforeNotice: content({
    code: 'content/postmortem-before-notice',
    title: 'A postmortem before its incident',
    when: 'An incident’s `postmortem.at` is before the `at` of its first update: the postmortem would tell of an incident not yet published.',
    message: () => 'is before the incident’s first update; a postmortem is published after the incident it explains',
    hint: 'Set `postmortem.at` to when the postmortem is published: after the first update, usually after the incident is resolved.',
  }),

  renumbered: content({
    code: 'content/updates-renumbered',
    note: true,
    title: 'Updates that statuspress 0.1 numbered otherwise',
    when: 'A notice’s updates are out of time order in the middle of the list (the last one is not the oldest). statuspress 0.1 numbered updates by their position in the file; since 0.2 an update’s id is its rank in time, so a site built by 0.1 showed other ids for some of these updates. Clients that stored those ids (a feed reader, a webhook receiver) see the new ones once.',
    message: ({ id }: { id: number }) =>
      `are out of time order, so their API ids (${id}001, ${id}002, …) now follow their times, not their order in the file as statuspress 0.1 numbered them; nothing to do unless a client keeps update ids`,
    hint: 'Nothing, usually: the ids are now the same whatever order the file lists the updates in. To silence the note, put the updates in time order (oldest or newest first).',
    example: { id: 42 },
  }),
  tooFarAhead: content({
    code: 'content/update-too-far-ahead',
    title: 'An update dated far ahead',
    when: '`validate` found an update dated more than a day after now on an incident (an unplanned notice), or more than 30 days after now on any notice, without `withheld: true`. Builds withhold it until then, so during an incident it looks as if the page stopped updating; most often the year or the zone is mistyped. (`build` only warns of it, so a deploy is never blocked.)',
    message: ({ until, now, days }: { until: string; now: string; days: number }) =>
      `dated ${until}, ${days === 1 ? 'more than a day' : `more than ${days} days`} after now (${now}): it would not show until then; correct its \`at\` (a mistyped year or zone?), or add \`withheld: true\` to the update if it is meant to wait`,
    hint: 'Correct the `at` (the year, the zone); an update written ahead on purpose says `withheld: true`.',
    example: { until: '2027-11-20T10:05:00Z', now: '2026-11-20T10:10:00Z', days: 1 },
  }),
  withheldTrue: content({
    code: 'content/withheld-true',
    title: '`withheld` is not true',
    when: 'An update’s `withheld` is anything but `true`. It says that an update dated ahead is meant to wait; an update without it is published at its `at` just the same.',
    message: () => 'withheld can only be true (the update is dated ahead on purpose); remove it otherwise',
    hint: 'Write `withheld: true`, or remove the key.',
  }),
  withheld: content({
    code: 'content/withheld',
    note: true,
    title: 'An update dated after now',
    when: 'An update’s `at` is after the `now` of the build (or of `validate --now`, default the clock): it is withheld until then, and a notice without a published update is left out.',
    message: ({ until, now, notice }: { until: string; now: string; notice: boolean }) =>
      `withheld until ${until}, after now (${now})${notice ? ', and so is the notice' : ''}; builds from then on publish it`,
    hint: 'Nothing, if the update is meant for later (an announcement merged early, the next step of a maintenance); correct its `at` if it should show already: a typo in the year or the zone shows as this.',
    example: { until: '2026-11-25T02:00:00Z', now: '2026-11-23T15:50:00Z', notice: false },
  }),

  // Languages: site.yaml's `locales` and the `translations` of texts.
  localesEmpty: content({
    code: 'content/locales-empty',
    title: 'An empty list of languages',
    when: 'site.yaml’s `locales` is an empty list: the site would have no default language.',
    message: () => 'list at least one language, the default first (locales: [en, de]), or remove locales',
    hint: 'List the site’s languages, the default first, or leave `locales` out for a site in one language (`locale`).',
  }),
  tooManyLocales: content({
    code: 'content/too-many-locales',
    title: 'Too many languages',
    when: 'site.yaml’s `locales` lists more languages than a site may have. Each language is a whole copy of the HTML site, and every page links every language, so the output grows with the square of their number.',
    message: ({ count, max }: { count: number; max: number }) => `${count} languages listed; a site may have at most ${max}`,
    hint: 'List the languages your readers use; statuspress ships seven catalogues.',
    example: { count: 500, max: 20 },
  }),
  localeTwice: content({
    code: 'content/locale-twice',
    title: 'A language listed twice',
    when: 'site.yaml’s `locales` lists the same language twice.',
    message: ({ value }: { value: string }) => `${quote(value)} is listed already; remove this one`,
    hint: 'List each language once, the default first.',
    example: { value: 'de' },
  }),
  localeNotFirst: content({
    code: 'content/locale-not-first',
    title: '`locale` is not the first of `locales`',
    when: 'site.yaml gives both `locale` and `locales`, and `locale` is not the first of `locales`: the first is the default language, the one the site’s own pages are in.',
    message: ({ locale, first }: { locale: string; first: string }) =>
      `locale is ${quote(locale)} but locales starts with ${quote(first)}; put ${quote(locale)} first in locales, or remove locale`,
    hint: 'With `locales`, the first entry is the default language: `locale` may be left out, or must be the same.',
    example: { locale: 'de', first: 'en' },
  }),
  updateTranslationNotText: content({
    code: 'content/update-translation-not-text',
    title: 'An update’s translation written as a mapping',
    when: 'An update’s `translations` gives a language a mapping (`de: { content: … }`), as a notice’s does (`de: { subject: … }`): an update’s translation is its content itself.',
    message: () => "an update's translation is its content itself, as text (de: Wir sehen uns das an.), not a mapping",
    hint: 'Write the translated content after the language: `translations: { de: Wir sehen uns das an. }`.',
  }),
  translationNotListed: content({
    code: 'content/translation-not-listed',
    title: 'A translation to a language the site does not list',
    when: 'A `translations` mapping has a language that site.yaml’s `locales` does not list (or the default language, whose text is the one written outside `translations`).',
    message: ({ locale, listed, guess, isDefault }: { locale: string; listed: readonly string[]; guess?: string; isDefault?: boolean }) =>
      isDefault
        ? `${quote(locale)} is the default language: write its text outside translations, and remove this one`
        : listed.length === 0
          ? `${quote(locale)} is not one of the site's languages: site.yaml lists none; add locales: [<default>, ${locale}] to site.yaml, or remove this translation`
          : `${quote(locale)} is not one of the site's languages (${listed.join(', ')}); ${guess ? `did you mean "${guess}"?` : `add it to locales in site.yaml, or remove this translation`}`,
    hint: 'List every language in site.yaml’s `locales` (the default first); translations use the same tags.',
    example: { locale: 'fr', listed: ['en', 'de'] },
  }),
  untranslatableKey: content({
    code: 'content/untranslatable-key',
    title: 'A translation of a key that has no language',
    when: 'A `translations` entry gives a key that is not text people read (a state, a time, an id): it is the same in every language.',
    message: ({ key, translatable }: { key: string; translatable: readonly string[] }) =>
      `${quote(key)} is the same in every language and cannot be translated; remove it (translatable here: ${translatable.join(', ')})`,
    hint: 'Translate only texts: a notice’s `subject`, an update’s `content` (`translations: {de: …}`), a component’s `name` and `description`, site.yaml’s `state_text`.',
    example: { key: 'state', translatable: ['subject'] },
  }),
  untranslated: content({
    code: 'content/untranslated',
    note: true,
    title: 'Texts without a translation',
    when: 'Texts of the content have no translation to one of the site’s other languages: the pages in that language show them in the default language (marked with its `lang`). One note per language, at its entry in `locales`.',
    message: ({ locale, count, files, first }: { locale: string; count: number; files: number; first: string }) =>
      `${count} ${count === 1 ? 'text' : 'texts'} in ${files} ${files === 1 ? 'file has' : 'files have'} no ${locale} translation (${excerpt(first, 120)}${files > 1 ? '; …' : ''}); the ${locale} pages show ${count === 1 ? 'it' : 'them'} in the default language`,
    hint: 'Nothing, if the default language will do; else add `translations: {<locale>: …}` beside each text (`statuspress update --lang <locale>` does it for an update).',
    example: { locale: 'de', count: 3, files: 2, first: 'notices/2-new-region.yaml: subject, updates.0.content' },
  }),

  // site.yaml's notify targets.
  notifySecretInContent: content({
    code: 'content/notify-secret-in-content',
    title: 'A webhook address or secret written in content',
    when: 'A target in site.yaml’s `notify` holds a web address or a key named like one (`url`, `secret`, `token`), or `url_env`/`secret_env` holds an address instead of a variable’s name. Content is public (in the repository, the pull request and git history), and a webhook’s address lets anyone post to the channel, so addresses and secrets live in environment variables and site.yaml only names them. The message never repeats the value.',
    message: ({ key }: { key: string }) =>
      key === 'url_env' || key === 'secret_env' || key === 'to_env'
        ? `holds an address or secret instead of the name of the environment variable that holds it; write the name (like ${{ url_env: 'SLACK_WEBHOOK_URL', secret_env: 'STATUS_WEBHOOK_SECRET', to_env: 'STATUS_EMAIL_TO' }[key]}), and revoke the address if it was ever pushed`
        : `webhook addresses and secrets are never written in content; remove ${excerpt(key, 30)} and name the environment variable that holds it with url_env (or secret_env), and revoke the address if it was ever pushed`,
    hint: 'Store the address (and a webhook’s secret) as a secret of the repository, pass it to `statuspress notify` as an environment variable, and write only that variable’s name: `url_env: SLACK_WEBHOOK_URL` (docs/notifications.md). An address that was committed or shown in a pull request is public: create a new webhook and delete the old one.',
    example: { key: 'url' },
  }),
  notifyEnvName: content({
    code: 'content/notify-env-name',
    title: '`url_env` or `secret_env` is not a variable’s name',
    when: '`url_env`, `secret_env` or `to_env` of a `notify` target is not the name of an environment variable: letters, digits and `_`, not starting with a digit, at most 128. The message never repeats the value, which may be a secret.',
    message: ({ key }: { key: 'url_env' | 'secret_env' | 'to_env' }) =>
      `is not the name of an environment variable (letters, digits and _, not starting with a digit); write the variable's name, like ${{ url_env: 'SLACK_WEBHOOK_URL', secret_env: 'STATUS_WEBHOOK_SECRET', to_env: 'STATUS_EMAIL_TO' }[key]}, never its value`,
    hint: 'Write the name of the environment variable that holds the value, as the workflow passes it to `statuspress notify`.',
    example: { key: 'url_env' },
  }),
  notifySecretEnvMissing: content({
    code: 'content/notify-secret-env-missing',
    title: 'A webhook target without `secret_env`',
    when: 'A `notify` target of type `webhook` has no `secret_env`: every message to a generic webhook is signed, so the receiver can tell it came from you.',
    message: () => 'missing; a webhook target signs every message: add secret_env with the name of the environment variable holding the signing secret, like STATUS_WEBHOOK_SECRET',
    hint: 'Create a long random secret (`openssl rand -hex 32`), store it as a repository secret, give it to the receiver, and name its variable with `secret_env`.',
  }),
  notifySecretEnvUnused: content({
    code: 'content/notify-secret-env-unused',
    title: '`secret_env` on a chat target',
    when: 'A `notify` target of type `slack`, `discord` or `teams` has `secret_env`: only `webhook` targets sign their messages (a chat webhook’s address is its secret).',
    message: ({ type }: { type: string }) => `only webhook targets are signed; remove secret_env from this ${type} target`,
    hint: 'Remove `secret_env`; the chat service’s webhook address, in `url_env`, is all it needs.',
    example: { type: 'slack' },
  }),
  notifyNoEvents: content({
    code: 'content/notify-no-events',
    title: 'A target with no events',
    when: 'A `notify` target has `events: []`: it would never get a message.',
    message: () => 'an empty list sends nothing; list the events this target gets, or remove events to send it all of them',
    hint: 'List the events this target gets (docs/notifications.md names them: notice.published, notice.updated, maintenance.started …), or remove the key.',
  }),
  notifyEmailField: content({
    code: 'content/notify-email-field',
    title: 'An email target without `to_env` or `from`',
    when: 'A `notify` target of type `email` lacks `to_env` (the name of the variable holding the recipients) or `from` (the sender’s address).',
    message: ({ key }: { key: 'to_env' | 'from' }) =>
      key === 'to_env'
        ? 'missing; an email target needs to_env: the name of the environment variable holding the recipients, like STATUS_EMAIL_TO'
        : 'missing; an email target needs from: the sender, like "Acme Status <status@acme.com>"',
    hint: 'Add both (docs/notifications.md, “Email”): `to_env: STATUS_EMAIL_TO` and `from: Acme Status <status@acme.com>`, an address your mail server may send as.',
    example: { key: 'to_env' },
  }),
  notifyEmailOnly: content({
    code: 'content/notify-email-only',
    title: '`to_env` or `from` on a target that is not email',
    when: 'A `notify` target of type `slack`, `discord`, `teams` or `webhook` has `to_env` or `from`: only email targets have recipients and a sender.',
    message: ({ key, type }: { key: string; type: string }) => `only email targets have ${key}; remove it from this ${type} target`,
    hint: 'Remove the key, or make the target `type: email`.',
    example: { key: 'to_env', type: 'slack' },
  }),
  notifyFromAddress: content({
    code: 'content/notify-from-address',
    title: 'An email target’s `from` is not an address',
    when: 'The `from` of an email target is not one email address (`status@acme.com`, or `Acme Status <status@acme.com>`) on one line.',
    message: () => 'is not one email address; write it like status@acme.com or "Acme Status <status@acme.com>"',
    hint: 'Write the address your mail server lets you send as, with a name before it in angle brackets if you like.',
  }),
  notifyReminder: content({
    code: 'content/notify-reminder',
    title: 'A reminder that is not a duration',
    when: 'A `notify` target’s `reminder` is neither a duration (`24h`, `90m`, `2d`: a whole number of minutes, hours or days, at most 30 days) nor `false`.',
    message: () => 'is not a duration of at most 30 days; write how long before a maintenance begins to remind, like 24h, 90m or 2d, or false for no reminder',
    hint: 'Write `reminder: 24h` (the default), another duration, or `reminder: false`.',
  }),
  notifyUnknownComponent: content({
    code: 'content/notify-unknown-component',
    title: 'A notify target lists an unknown component',
    when: 'A `notify` target’s `components` names an id no component file has: it would never get that component’s events.',
    message: ({ id }: { id: number }) => `no component has id ${id}; list the id of a file in components/`,
    hint: 'Use the id inside a file in components/ (ids come from the files, not their names); a target gets the events of the components listed and of their descendants.',
    example: { id: 99 },
  }),
  notifyNoComponents: content({
    code: 'content/notify-no-components',
    title: 'A target with an empty `components` list',
    when: 'A `notify` target has `components: []`: it would get only general notices.',
    message: () => 'an empty list limits the target to nothing; list the components it is about, or remove components to send it the whole page',
    hint: 'List component ids, or remove the key.',
  }),
  badSubscribeUrl: content({
    code: 'content/bad-subscribe-url',
    title: 'The subscribe link is not a plain web address',
    when: '`subscribe_url` in site.yaml (the mailing list’s sign-up page, linked from the status page) is not an absolute http(s) address without spaces or user name.',
    message: (p: UrlProblem) => (URL_PROBLEM[p.problem] as (p: UrlProblem) => string)(p).replace(URL_EXAMPLE, 'write the address of the mailing list’s sign-up page, like https://groups.google.com/g/acme-status'),
    hint: 'Write the public address of the list’s sign-up page, like https://groups.google.com/g/acme-status.',
    example: { problem: 'not-absolute', value: 'groups.google.com/g/acme-status' },
  }),
  noticeTemplateUnusable: content({
    code: 'content/notice-template-unusable',
    title: 'A notice template that cannot be read',
    when: '`validate` found a file in `templates/notices/` that is no regular file of UTF-8 text of at most 1 MiB (a folder, a link, a FIFO), so `new --template` could not use it.',
    message: ({ problem }: { problem: string }) => `this notice template cannot be used: ${problem}`,
    hint: 'Make it a regular YAML file, or remove it.',
    example: { problem: 'it is a folder' },
  }),
  notifyFromInvisible: content({
    code: 'content/notify-from-invisible',
    title: 'An invisible character in an email target’s sender',
    when: 'An email target’s `from` holds a control character, or an invisible or direction-changing one (a right-to-left override, a zero-width space): it would go raw into every message’s `From:` header, where a direction override shows the address reversed to readers.',
    message: ({ code }: { code: string }) => `from holds U+${code}, an invisible or direction-changing character; write the sender with plain characters`,
    hint: 'Write the display name and the address with visible characters only.',
    example: { code: '202E' },
  }),
  notifyEnvTwoPurposes: content({
    code: 'content/notify-env-two-purposes',
    title: 'One variable read for two purposes',
    when: 'One environment variable is named for two different things in `notify` (a target’s `to_env` that is its own `url_env`, a secret that is an address): its value would be used as what it is not, such as the mail server’s password sent as a recipient in a `To:` header.',
    message: ({ name, purpose, other, at }: { name: string; purpose: string; other: string; at: string }) =>
      `${name} is read for ${purpose} here, and for ${other} at ${at}; each variable holds one thing: give this one its own variable`,
    hint: 'Give each address, secret and list of recipients a variable of its own.',
    example: { name: 'SMTP_URL', purpose: 'the recipients of an email target', other: 'the mail server of an email target', at: 'notify.0.url_env' },
  }),
  notifyTargetTwice: content({
    code: 'content/notify-target-twice',
    title: 'Two targets read the same variable',
    when: 'Two `notify` targets have the same `url_env` (two email targets: the same `url_env` and `to_env`): the same webhook or list would get every message twice.',
    message: ({ name, other }: { name: string; other: number }) => `${name} is also the url_env of notify.${other}; each target reads its own variable, or it gets every message twice`,
    hint: 'Remove one of the two targets, or give each its own variable.',
    example: { name: 'SLACK_WEBHOOK_URL', other: 0 },
  }),

  // Across files.
  duplicateId: content({
    code: 'content/duplicate-id',
    title: 'An id used twice',
    when: 'Two components, or two notices, carry the same id. Reported at every file that carries it.',
    message: ({ id, others, more = 0, kind }: { id: number; others: readonly string[]; more?: number; kind: 'component' | 'notice' }) =>
      `id ${id} is also used by ${others.join(', ')}${more > 0 ? ` and ${more} other ${kind} ${more === 1 ? 'file' : 'files'}` : ''}; give each ${kind} its own id`,
    hint: 'Give one of them the next free id (`statuspress new` picks one).',
    example: { id: 5, others: ['components/5-b.yaml'], more: 0, kind: 'component' },
  }),
  unknownComponent: content({
    code: 'content/unknown-component',
    title: 'An id that names no component',
    when: 'A notice’s `components`, or a component’s `parent_id`, names an id no component file has.',
    message: ({ id, field }: { id: number; field: 'components' | 'parent_id' }) =>
      `no component has id ${id}; ${field === 'components' ? 'list the id of a file in components/' : 'parent_id must be the id of another component'}`,
    hint: 'Use the id inside a file in components/ (ids come from the files, not their names).',
    example: { id: 99, field: 'components' },
  }),
  componentListedTwice: content({
    code: 'content/component-listed-twice',
    title: 'A component listed twice',
    when: 'A notice’s `components` lists the same id twice.',
    message: ({ id }: { id: number }) => `component ${id} is listed twice; remove one`,
    hint: 'Remove one of the two.',
    example: { id: 3 },
  }),
  // Audiences: site.yaml's `audiences`, and `audience` on components, notices and notify targets.
  badAudienceName: content({
    code: 'content/bad-audience-name',
    title: 'An audience name statuspress cannot use',
    when: 'A name under site.yaml’s `audiences` is not lowercase letters, digits and hyphens starting with a letter (at most 32), or is `public`, the name of everything without `audience`.',
    message: ({ name }: { name: string }) =>
      name === 'public' ? 'public is the audience of everything without `audience`; name the other audience otherwise' : `${quote(name, 40)} is not an audience name; use lowercase letters, digits and hyphens, starting with a letter, like staff`,
    hint: 'Rename it, e.g. `staff` or `partners`.',
    example: { name: 'Staff Team' },
  }),
  audienceUrlTaken: content({
    code: 'content/audience-url-taken',
    title: 'An audience’s url is another site’s',
    when: 'An audience’s `url` in site.yaml is the public site’s `url` or another audience’s: both sites would be published at one address, and one would replace the other (or a private one be served where the public is).',
    message: ({ url, other }: { url: string; other: string | null }) =>
      `${quote(url, 80)} is already the url of ${other === null ? 'the public site' : `the audience ${other}`}; each site needs an address of its own`,
    hint: 'Give the audience a host of its own, e.g. https://status.internal.acme.com.',
    example: { url: 'https://status.acme.com', other: null },
  }),
  badPasswordFile: content({
    code: 'content/bad-password-file',
    title: 'A password file nginx cannot be given',
    when: 'An audience’s `password_file` is not an absolute path, or holds a space, quote, semicolon, brace or backslash.',
    message: () => 'password_file must be the absolute path of an htpasswd file, without spaces, quotes, semicolons, braces or backslashes, like /etc/nginx/statuspress-staff.htpasswd',
    hint: 'Write the absolute path of the file `htpasswd` made, e.g. /etc/nginx/statuspress-staff.htpasswd.',
  }),
  unknownAudience: content({
    code: 'content/unknown-audience',
    title: 'An audience site.yaml does not name',
    when: 'An `audience` (of a component, a notice or a notify target) names an audience that site.yaml’s `audiences` does not list.',
    message: ({ name, known }: { name: string; known: readonly string[] }) =>
      `${quote(name, 40)} is no audience of this site; ${known.length === 0 ? 'name it under `audiences` in site.yaml first' : `use one of ${known.join(', ')}, or add it under \`audiences\` in site.yaml`}`,
    hint: 'Add the audience under `audiences` in site.yaml, or correct the name.',
    example: { name: 'stafff', known: ['staff'] },
  }),
  audienceOutsideParent: content({
    code: 'content/audience-outside-parent',
    title: 'A component seen by more than its parent',
    when: 'A component’s `audience` names an audience its parent (by its own `audience` or its parent’s) is not shown to: a component is shown only under its parent, so it would be hidden where it claims to be seen.',
    message: ({ parent, audiences }: { parent: number; audiences: readonly string[] }) =>
      `its parent, component ${parent}, is seen by ${audiences.join(', ')} only; give this component one of those audiences, or remove \`audience\` to inherit the parent’s`,
    hint: 'Remove `audience` (children inherit their parent’s), or move the component under a parent its audience sees.',
    example: { parent: 2, audiences: ['staff'] },
  }),
  privateRepository: content({
    code: 'content/private-repository',
    note: true,
    title: 'Private parts in a repository',
    when: 'site.yaml names `audiences`: their components and notices are only as private as the repository that holds them.',
    message: () =>
      'the parts of audiences other than the public one are in this repository: keep it private (the files, history, Actions logs, caches and artifacts of a public repository are readable by anyone)',
    hint: 'Nothing, if the repository is private; else move the content to a private one (docs/content.md, Audiences).',
  }),
  ownParent: content({
    code: 'content/own-parent',
    title: 'A component that is its own parent',
    when: 'A component’s `parent_id` is its own id.',
    message: () => 'a component cannot be its own parent; remove parent_id or use the id of another component',
    hint: 'Remove `parent_id` for a top-level component.',
  }),
  parentCycle: content({
    code: 'content/parent-cycle',
    title: 'Components that are each other’s parents',
    when: 'Following `parent_id` from a component leads back to it. Reported at every component on the cycle (the message names at most 8 of them).',
    message: ({ cycle }: { cycle: readonly (number | string)[] }) => `parent cycle ${cycle.join(' → ')}; change one of these parent_id values to break it`,
    hint: 'Change one `parent_id` on the cycle.',
    example: { cycle: [1, 2, 1] },
  }),
  treeTooDeep: content({
    code: 'content/tree-too-deep',
    title: 'Components nested too deep',
    when: 'A component sits more than 16 levels below the top of the tree. Reported once, at the first component past the limit.',
    message: ({ depth, max }: { depth: number; max: number }) =>
      `nested ${depth} levels deep; components may nest at most ${max} levels: attach it higher up the tree`,
    hint: 'Attach the component (or one of its parents) higher up the tree.',
    example: { depth: 17, max: 16 },
  }),

  // The site's own templates (templates/ beside the content).
  unknownMessage: content({
    code: 'content/unknown-message',
    title: 'A message the catalogue does not have',
    when: 'A site’s `templates/locales/<locale>.yaml` overrides a message key the catalogue does not have.',
    message: ({ key, guess, group }: { key: string; guess?: string; group?: readonly string[] }) =>
      `no message ${quote(key)} in the catalogue${
        guess
          ? `; did you mean ${guess}?`
          : group && group.length > 0
            ? `; the ${group[0]!.split('.')[0]} messages are ${group.slice(0, 12).join(', ')}${group.length > 12 ? ', …' : ''}`
            : "; its keys are those of src/i18n/locales/en.json in statuspress's repository"
      }`,
    hint: 'Use a key of the English catalogue (src/i18n/locales/en.json in statuspress’s repository), spelt as it is.',
    example: { key: 'nav.histroy', guess: 'nav.history' },
  }),
  messageNotOnPages: content({
    code: 'content/message-not-on-pages',
    title: 'A message override no page uses',
    when: 'A site’s `templates/locales/<locale>.yaml` overrides a message that is no word of the pages: the default state texts and maintenance transitions (the content’s, and the API’s too), or the texts of `init`, `new`, `resolve` and `notify`, which read no templates.',
    message: ({ key, instead }: { key: string; instead: string }) => `the message ${quote(key)} is no word of the pages; ${instead}`,
    hint: 'Set the text where it belongs: `state_text` or `transition_text` in site.yaml, `--message` of the command; remove the line here.',
    example: { key: 'stateText.operational', instead: 'set state_text in site.yaml instead (and its translations, for another language)' },
  }),
  badMessage: content({
    code: 'content/bad-message',
    title: 'A message override that is not text',
    when: 'A message in `templates/locales/<locale>.yaml` is not text (or, for a message that counts, a mapping of plural forms: zero, one, two, few, many, other), or names a `{parameter}` the message does not have, which would be printed as it is. (A file that is no mapping of keys to messages is `content/wrong-type`; one whose name is no shipped language, `content/bad-locale`.)',
    message: ({ key, forms, unknown, takes }: { key: string; forms?: string; unknown?: string; takes?: string[] }) =>
      unknown !== undefined
        ? `the message ${quote(key)} has no parameter {${excerpt(unknown, 40)}}; it takes ${takes && takes.length > 0 ? takes.map((p) => `{${p}}`).join(', ') : 'none'}`
        : forms
          ? `the message ${quote(key)} counts something: give its plural forms (${forms}) as a mapping`
          : `the message ${quote(key)} must be text`,
    hint: 'Write `key: text`, or for a message that counts, its forms under the key (`one:` and `other:` for English), with only the `{parameters}` the English message has.',
    example: { key: 'nav.status', forms: 'one, other' },
  }),
  messagesTooLarge: content({
    code: 'content/messages-too-large',
    title: `A file of messages over ${MAX_MESSAGES_BYTES / 1024} KiB`,
    when: `A file of the site’s own words (\`templates/locales/<locale>.yaml\`) is larger than ${MAX_MESSAGES_BYTES / 1024} KiB, or is no regular file (a device, a pipe): it is not read, and nothing is built. A language’s whole catalogue is 9 to 12 KB.`,
    message: ({ bytes, max }: { bytes: number | null; max: number }) =>
      bytes === null ? 'is no regular file; a file of messages must be one' : `file of messages is ${bytes} bytes; it may be at most ${max / 1024} KiB (${max} bytes)`,
    hint: 'Give only the messages you change, as `key: text`.',
    example: { bytes: 300_000, max: MAX_MESSAGES_BYTES },
  }),
  templateSyntax: content({
    code: 'content/template-syntax',
    title: 'A template that does not compile',
    when: 'One of the site’s own Handlebars templates has a syntax error. Reported before anything is rendered.',
    message: ({ reason }: { reason: string }) => `the template does not compile: ${reason}`,
    hint: 'Fix the template at the line given (docs/themes.md shows the fields each template gets), or remove the override.',
    example: { reason: "Expecting 'ID', 'STRING', 'NUMBER', 'BOOLEAN', 'UNDEFINED', 'NULL', 'DATA', got 'EOF'" },
  }),
  templateLinkOutside: content({
    code: 'content/template-link-outside',
    title: 'A template linked from outside the templates folder',
    when: 'A file in the templates folder is a symbolic link to a place outside it, or to nothing: it is never followed.',
    message: () => 'is a symbolic link that leads outside the templates folder (or nowhere); it was not followed',
    hint: 'Put the template itself in the templates folder.',
  }),
  templateTooLarge: content({
    code: 'content/template-too-large',
    title: `Templates over ${MAX_TEMPLATES_BYTES / 1024} KiB, or a stylesheet over ${MAX_STYLE_BYTES / 2 ** 20} MiB`,
    when: `The site’s templates (\`.hbs\`) come to more than ${MAX_TEMPLATES_BYTES / 1024} KiB together (the built-in ones are 10 KB), or a stylesheet is larger than ${MAX_STYLE_BYTES / 2 ** 20} MiB: the file is not read, and nothing is built. Handlebars takes up to 2 seconds to compile 128 KiB of templates.`,
    message: ({ bytes, max, css }: { bytes: number; max: number; css: boolean }) =>
      css
        ? `stylesheet is ${bytes} bytes; a stylesheet may be at most ${max / 2 ** 20} MiB (${max} bytes)`
        : `template is ${bytes} bytes, more than is left of the ${max / 1024} KiB (${max} bytes) the templates may have together`,
    hint: 'Keep markup in the templates, and long text or images in the content or in the stylesheet.',
    example: { bytes: 150_000, max: MAX_TEMPLATES_BYTES, css: false },
  }),
  templateTooDeep: content({
    code: 'content/template-too-deep',
    title: 'Template blocks nested too deep',
    when: `A template nests blocks (\`{{#if}}\`, \`{{#each}}\`, each \`{{else if}}\` of a chain counting as one more) and subexpressions more than ${MAX_TEMPLATE_DEPTH} levels deep: Handlebars’ parser takes time growing with the cube of the depth. Nothing is built.`,
    message: ({ max }: { max: number }) => `blocks and subexpressions nest more than ${max} levels deep here`,
    hint: 'Close blocks sooner, or split a long `{{else if}}` chain into separate `{{#if}}` blocks.',
    example: { max: MAX_TEMPLATE_DEPTH },
  }),
  partialCallsItself: content({
    code: 'content/partial-calls-itself',
    title: 'A partial that renders itself whatever the data',
    when: 'A partial of the site’s own templates renders itself, directly or through other partials, with no block (`{{#each}}`, `{{#if}}` …) around the call: it would never end. Found from the calls the templates make, before anything is rendered; nothing is built.',
    message: ({ partial }: { partial: string }) => `the partial "${partial}" is rendered here inside itself, with no block around the call: it would never end`,
    hint: 'Render a partial from itself only for a nested list, inside `{{#each}}` (as the built-in component-node does for the component tree), so it stops where the list does.',
    example: { partial: 'footer' },
  }),
  unknownPartial: content({
    code: 'content/unknown-partial',
    title: 'A partial that no template provides',
    when: 'One of the site’s own templates renders a partial by a name that is neither a built-in partial nor an inline partial (`{{#*inline}}`) of the site’s templates. A site’s templates replace the built-in partials and add none: a file `partials/sidebar.hbs` is ignored, with a warning. Found before anything is rendered; nothing is built.',
    message: ({ partial, partials }: { partial: string; partials: readonly string[] }) =>
      `renders the partial "${partial}", which no template provides: a site’s templates replace the built-in partials (${partials.join(', ')}) and add none`,
    hint: 'Name one of the built-in partials, declare it in the template that uses it with `{{#*inline "name"}}…{{/inline}}`, or write its markup in place.',
    example: { partial: 'sidebar', partials: ['header', 'footer', 'notice-summary', 'component-node', 'component-row', 'uptime-bar'] },
  }),
  invalidValue: content({
    code: 'content/invalid-value',
    title: 'Any other problem with a value',
    when: 'The schema found a problem statuspress has no words of its own for; the text is the schema library’s.',
    message: ({ detail }: { detail: string }) => detail,
    hint: 'Compare the value with the format in docs/content.md.',
    example: { detail: 'Invalid input' },
  }),
} as const;

/** One problem in the content, at the YAML node that holds it. */
export interface ContentIssue {
  file: string;
  line: number;
  column: number;
  /** Dotted path inside the file (`updates.1.state`); empty for the file as a whole. */
  path: string;
  /** The catalogue entry's code (`content/unknown-key`). */
  code: (typeof CONTENT)[keyof typeof CONTENT]['code'];
  message: string;
}

/** The entry's code and message of one problem, before it has a place: what say(CONTENT.…, params) gives. */
export type IssueWords = Pick<ContentIssue, 'code' | 'message'>;
