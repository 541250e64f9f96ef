// `statuspress validate`: every problem in the content, as text or as GitHub annotations, and the
// notes worth a look (updates withheld until after now).
import path from 'node:path';
import { ContentError, fail, shownPath, StatuspressError } from '../errors/error.js';
import type { ContentIssue } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { CONTENT } from '../errors/content.js';
import { say } from '../errors/entry.js';
import type { Command } from './command.js';
import { contentFlag, noteLine, nowFlag, problemLine, text } from './command.js';

export const validate: Command = {
  name: 'validate',
  summary: 'Check the content and list every problem at its file:line:column; nothing is written.',
  flags: {
    content: contentFlag(),
    format: { type: 'string', default: 'text', value: 'text|github', description: 'text, or GitHub Actions annotations shown on a pull request' },
    now: { type: 'string', value: 'ISO', description: 'the moment to judge as of, with a zone: later updates are noted as withheld (default: the clock)' },
    templates: { type: 'string', value: 'DIR', description: "the site's own templates, words and notice templates, checked as the build checks them (default: templates/ beside the content)" },
  },
  async run(values, out) {
    const format = values.format;
    if (format !== 'text' && format !== 'github') throw fail(COMMAND.badFormat, { value: String(format) });
    const now = nowFlag(values) ?? Date.now();
    const contentDir = String(values.content);
    const { loadContent, locate, validateContent } = await import('../content/index.js');
    const loaded = await loadContent(contentDir);
    const validated = validateContent(loaded, { now, ahead: 'error' });
    // Once, at site.yaml's `audiences`: their parts are only as private as the repository.
    const notes = validated.value?.site.audiences === undefined || loaded.site === null ? validated.notes : [locate(loaded.site, { path: ['audiences'], at: 'key', ...say(CONTENT.privateRepository) }), ...validated.notes];
    // The site's templates/ too: what the build would refuse there, the pull-request check sees.
    const given = text(values, 'templates');
    // Each named as the command names its folder: the content's under --content, the templates' under theirs.
    const shown = (issue: ContentIssue): ContentIssue => ({ ...issue, file: shownPath(contentDir, issue.file) });
    const issues = [...(await templateIssues(given ?? path.join(path.dirname(contentDir), 'templates'), given !== undefined)), ...validated.issues.map(shown)];
    // Notes do not fail the command: they go to stdout, problems to stderr.
    for (const note of notes) out.log(format === 'github' ? githubAnnotation(contentDir, note, 'notice') : noteLine(note, contentDir));
    if (issues.length === 0) {
      out.log(`${contentDir}: no problems found${notes.length > 0 ? ` (${notes.length} ${notes.length === 1 ? 'note' : 'notes'})` : ''}`);
      return 0;
    }
    for (const issue of issues) out.error(format === 'github' ? githubAnnotation(undefined, issue) : problemLine(issue));
    out.error(`\n${COMMAND.contentInvalid.message({ count: issues.length, folder: contentDir })}`);
    return COMMAND.contentInvalid.exit;
  },
};

/**
 * The problems of a site's templates folder, as the build would report them: its templates as
 * checked before they are compiled, its own words (templates/locales/), and the notice templates
 * `new --template` reads (templates/notices/). Files are named as the build names them.
 */
async function templateIssues(dir: string, required: boolean): Promise<ContentIssue[]> {
  const issues: ContentIssue[] = [];
  const { loadTheme } = await import('../theme/theme.js');
  try {
    await loadTheme(dir, { required, compile: 'check' });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    // The theme names its files by the folder's own name (`templates/notice.hbs`): under the folder that holds it.
    issues.push(...error.issues.map((issue) => ({ ...issue, file: shownPath(path.dirname(dir) === '.' ? undefined : path.dirname(dir), issue.file) })));
  }
  const { loadNoticeTemplate, noticeTemplateNames } = await import('../scaffold/notice-template.js');
  for (const name of noticeTemplateNames(dir)) {
    try {
      loadNoticeTemplate(dir, name);
    } catch (error) {
      if (error instanceof ContentError) issues.push(...error.issues);
      else if (error instanceof StatuspressError) issues.push({ file: path.join(dir, 'notices', `${name}.yaml`), line: 1, column: 1, path: '', ...say(CONTENT.noticeTemplateUnusable, { problem: error.message.split('\n').slice(1).join(' ').trim() || error.message }) });
      else throw error;
    }
  }
  return issues;
}

/**
 * A GitHub Actions workflow command: shows the problem (or, as `notice`, the note) on the pull
 * request's changed line, titled with the field and the entry's code (`updates.1.stat
 * (content/unknown-key)`), which docs/errors.md explains.
 */
export function githubAnnotation(contentDir: string | undefined, issue: ContentIssue, level: 'error' | 'notice' = 'error'): string {
  const escape = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (s: string): string => escape(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const file = shownPath(contentDir, issue.file);
  const title = issue.path ? `${issue.path} (${issue.code})` : issue.code;
  return `::${level} file=${property(file)},line=${issue.line},col=${issue.column},title=${property(title)}::${escape(issue.message)}`;
}
