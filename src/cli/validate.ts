// `statuspress validate`: every problem in the content, as text or as GitHub annotations, and the
// notes worth a look (updates withheld until after now).
import { fail, shownPath } from '../errors.js';
import type { ContentIssue } from '../errors.js';
import { COMMAND } from '../errors/command.js';
import type { Command } from './command.js';
import { contentFlag, noteLine, nowFlag, problemLine } from './command.js';

export const validate: Command = {
  name: 'validate',
  summary: 'Check the content and list every problem at its file:line:column; nothing is written.',
  flags: {
    content: contentFlag(),
    format: { type: 'string', default: 'text', value: 'text|github', description: 'text, or GitHub Actions annotations shown on a pull request' },
    now: { type: 'string', value: 'ISO', description: 'the moment to judge as of, with a zone: later updates are noted as withheld (default: the clock)' },
  },
  async run(values, out) {
    const format = values.format;
    if (format !== 'text' && format !== 'github') throw fail(COMMAND.badFormat, { value: String(format) });
    const now = nowFlag(values) ?? Date.now();
    const contentDir = String(values.content);
    const { loadContent, validateContent } = await import('../content/index.js');
    const { issues, notes } = validateContent(await loadContent(contentDir), { now, ahead: 'error' });
    // Notes do not fail the command: they go to stdout, problems to stderr.
    for (const note of notes) out.log(format === 'github' ? githubAnnotation(contentDir, note, 'notice') : noteLine(note, contentDir));
    if (issues.length === 0) {
      out.log(`${contentDir}: no problems found${notes.length > 0 ? ` (${notes.length} ${notes.length === 1 ? 'note' : 'notes'})` : ''}`);
      return 0;
    }
    for (const issue of issues) out.error(format === 'github' ? githubAnnotation(contentDir, issue) : problemLine(issue, contentDir));
    out.error(`\n${COMMAND.contentInvalid.message({ count: issues.length, folder: contentDir })}`);
    return COMMAND.contentInvalid.exit;
  },
};

/**
 * A GitHub Actions workflow command: shows the problem (or, as `notice`, the note) on the pull
 * request's changed line, titled with the field and the entry's code (`updates.1.stat
 * (content/unknown-key)`), which docs/errors.md explains.
 */
export function githubAnnotation(contentDir: string, issue: ContentIssue, level: 'error' | 'notice' = 'error'): string {
  const escape = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (s: string): string => escape(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const file = shownPath(contentDir, issue.file);
  const title = issue.path ? `${issue.path} (${issue.code})` : issue.code;
  return `::${level} file=${property(file)},line=${issue.line},col=${issue.column},title=${property(title)}::${escape(issue.message)}`;
}
