// Content stage: the YAML folder in, the validated model out (DESIGN 2).
import { ContentError } from '../errors.js';
import type { Content } from '../types.js';
import { loadContent } from './load.js';
import { validateContent } from './validate.js';

export { loadContent } from './load.js';
export type { LoadedContent, SourceFile, SourceKind } from './load.js';
export { validateContent } from './validate.js';
export { positionOf } from './positions.js';

/** Loads and validates contentDir; throws ContentError with every issue, or StatuspressError('content_missing'). */
export async function readContent(contentDir: string): Promise<Content> {
  const { value, issues } = validateContent(await loadContent(contentDir));
  if (value === null) throw new ContentError(issues);
  return value;
}
