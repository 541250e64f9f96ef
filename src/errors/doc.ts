// docs/errors.md, generated from the catalogue: `npm run errors-doc` writes it, and a test fails when
// the committed file differs from what this returns. Not part of the CLI's bundle.
import { API } from './api.js';
import { COMMAND } from './command.js';
import { CONTENT } from './content.js';
import { errorAnswer, USAGE_HINT } from './entry.js';
import type { AnyApiEntry, AnyCommandEntry, AnyContentEntry, AnyEntry } from './entry.js';

/** The whole of docs/errors.md. */
export function errorsDoc(): string {
  const parts = [
    INTRO,
    '## Command errors',
    COMMAND_INTRO,
    ...Object.values(COMMAND).map(commandSection),
    '## Content problems',
    CONTENT_INTRO,
    ...Object.values(CONTENT).map(contentSection),
    '## API errors',
    API_INTRO,
    ...Object.values(API).map(apiSection),
  ];
  return `${parts.join('\n\n')}\n`;
}

const INTRO = `# Errors

<!-- Generated from src/errors/ by \`npm run errors-doc\`: edit the catalogue there, not this file. -->

Every error statuspress shows has a code, listed here with its title, when it happens, an example of
its message and what to do. Codes are \`<prefix>/<name>\` and never change once published: a
renamed error keeps its old code, and a code is never given to another error. The prefix says what
to fix:

| prefix | the problem is in | seen as |
|---|---|---|
| \`usage/\` | the command line, or the folders it names | the CLI's message; exit code 2 |
| \`content/\` | the content files, and the site's own templates | one line per problem, \`file:line:column  path: message\`; exit code 1 (0 for a warning) |
| \`output/\` | writing files | the CLI's message; exit code 1 (0 for a warning) |
| \`serve/\` | starting \`statuspress serve\` | the CLI's message; exit code 1 |
| \`notify/\` | \`statuspress notify\`: the previous state it compares with, or a delivery | the CLI's message; exit code 1 (0 for a warning) |
| \`internal/\` | statuspress itself: a bug | the CLI's message; exit code 1 |
| \`api/\` | a request to the API | an error answer, \`{"error": {"status", "code", "message"}}\` |

Programs see the codes as \`code\` of a \`StatuspressError\`, of each \`ContentIssue\` and as
\`entry.code\` of an \`ApiError\`; \`statuspress validate --format github\` puts a problem's code in
its annotation's title.`;

const COMMAND_INTRO = `What the CLI prints when a command fails, before it exits with the code given. The hint, when
there is one, is printed on the line under the message; an error in the command line itself is
followed by the command's usage instead.`;

const CONTENT_INTRO = `Each problem is one line, at the YAML node that holds it, and its message ends with what to write
instead. \`build\` and \`validate\` list every problem, then end with \`content/invalid\` and exit 1.
Quoted content is escaped and cut short. A few entries are notes rather than problems: they are
printed the same way, but the content is valid.`;

const API_INTRO = `Error answers of \`statuspress serve\`, of the files a build writes for static hosts and of the
generated nginx and Netlify configurations. The answer's \`code\` is the name of its status
(\`bad_request\`, \`not_found\`, \`method_not_allowed\`, \`rate_limited\`, \`internal_error\`); the
codes below tell the errors of one status apart. Static hosts cannot repeat what the client sent, so
their messages leave the value out.`;

/** The entry's message for its example parameters. */
const example = (entry: AnyEntry): string => (entry.message as (params: unknown) => string)(entry.example);

const block = (text: string): string => `\`\`\`\n${text}\n\`\`\``;

/** The heading, and when it happens followed by `more` (the exit code, the status). */
const heading = (entry: AnyEntry, more: string): string => `### \`${entry.code}\`: ${entry.title}\n\n${entry.when} ${more}`.trimEnd();

function commandSection(entry: AnyCommandEntry): string {
  const hint =
    entry.hint === USAGE_HINT
      ? 'The command’s usage is printed under the message.'
      : typeof entry.hint === 'function'
        ? entry.hint(entry.example)
        : entry.hint;
  const exit = entry.exit === 0 ? 'Exit code 0: a warning, printed while the command succeeds.' : `Exit code ${entry.exit}.`;
  return [heading(entry, exit), block(example(entry)), ...(hint ? [`Hint: ${hint}`] : [])].join('\n\n');
}

function contentSection(entry: AnyContentEntry): string {
  const note = entry.note ? 'A note, not a problem: `validate` prints it and exits 0, `build` prints it as a warning and builds.' : '';
  return [heading(entry, note), block(example(entry)), `What to do: ${entry.hint}`].join('\n\n');
}

function apiSection(entry: AnyApiEntry): string {
  const answer = errorAnswer(entry.status, example(entry));
  return [heading(entry, `Status ${entry.status}.`), block(JSON.stringify(answer)), `What to do: ${entry.hint}`].join('\n\n');
}
