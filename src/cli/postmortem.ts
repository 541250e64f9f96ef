// `statuspress postmortem ID --file FILE`: an incident's postmortem written into its file from a
// Markdown file, keeping everything else in it as it was; withheld until `--at` (default now).
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { Command } from './command.js';
import { authoringNowFlag, contentFlag, nowOption, text } from './command.js';
import { noticeId, reportChange } from './update.js';

export const postmortem: Command = {
  name: 'postmortem',
  args: 'ID',
  summary: "Write an incident's postmortem from a Markdown file (replacing one it has), keeping the file's comments and layout; nothing is written if it would not validate.",
  positionals: true,
  flags: {
    content: contentFlag(),
    now: authoringNowFlag(),
    file: { type: 'string', value: 'FILE', description: 'the Markdown file holding the postmortem (required; a regular file of at most 1 MiB)' },
    at: { type: 'string', value: 'ISO', description: 'when it is published, with a zone (default: now); withheld until then' },
  },
  async run(values, out, positionals) {
    const id = noticeId('postmortem', positionals);
    const file = text(values, 'file');
    if (file === undefined) throw fail(COMMAND.postmortemNeedsFile, undefined);
    const at = text(values, 'at');
    const { readTextFile } = await import('../scaffold/text-file.js');
    const content = readTextFile(file);
    if (!/\S/.test(content)) throw fail(COMMAND.postmortemFileUnusable, { file, problem: 'it holds no text' });
    // Said of the file, with its line: the content's rule would speak of an escape (`\x07`) never written.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.exec(content);
    if (control) {
      const line = content.slice(0, control.index).split('\n').length;
      const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
      throw fail(COMMAND.postmortemFileUnusable, { file, problem: `it holds a control character (U+${code}) on line ${line}; remove it` });
    }
    const { writePostmortem } = await import('../scaffold/update.js');
    const contentDir = String(values.content);
    const changed = await writePostmortem(contentDir, id, { content, ...nowOption(values), ...(at === undefined ? {} : { at }) });
    reportChange(out, 'Wrote the postmortem into', contentDir, changed);
    return 0;
  },
};
