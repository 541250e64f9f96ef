import { ContentError } from '../errors/error.js';
import type { ContentIssue } from '../errors/error.js';
import type { Content } from './types.js';
import { loadContent } from './load.js';
import { validateContent } from './validate.js';

export { loadContent } from './load.js';
export type { LoadedContent, SourceFile, SourceKind } from './load.js';
export { noticeOf, validateContent } from './validate.js';
export type { Validated, ValidateOptions } from './validate.js';
export { locate, positionOf } from './positions.js';

/** The content of a validation that found no issue; ContentError with every issue otherwise (`folder`: the content folder, for the messages' paths). */
export function requireValid({ value, issues }: { value: Content | null; issues: ContentIssue[] }, folder?: string): Content {
  if (value === null) throw new ContentError(issues, folder);
  return value;
}

/** Loads and validates contentDir; throws ContentError with every issue, or a usage StatuspressError when the folder is missing. */
export async function readContent(contentDir: string): Promise<Content> {
  return requireValid(validateContent(await loadContent(contentDir)), contentDir);
}
