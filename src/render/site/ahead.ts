// Texts rendered ahead, by the process that renders a site's own templates. By the time the build
// has read the content, that process has started and compiled the templates, and it waits while
// the build validates the content (0.2–0.4 s on 2,000 notices, a core left idle); then its pages
// make every update's Markdown and date text for the first time, on the build's critical path.
// So the build hands it, once the content is read and before it is validated, the texts the pages
// will show: every update's and postmortem's Markdown, in every language, and when each update was
// published. The process renders them meanwhile into the texts it remembers (markdown.ts,
// i18n/dates.ts), which are looked up by the exact text or moment: the pages are the same bytes
// whatever was sent, and a text that validation then refuses is never asked for.
import type { LoadedContent } from '../../content/index.js';
import { checkLocale } from '../../i18n/check.js';
import { rememberDateTimes } from '../../i18n/dates.js';
import { parseTimestamp } from '../../time.js';
import { rememberMarkdown } from './markdown.js';

export interface TextsAhead {
  /** The Markdown of the updates and postmortems, translations included. */
  markdown: string[];
  /** When each update was published, epoch ms. */
  moments: number[];
  /** The site's languages and zone, as site.yaml names them. */
  locales: string[];
  zone: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the pages of `loaded` will render. The content is as read, not yet validated: each value is
 * taken only if it has the type it must have, and a file that has another shape gives nothing.
 */
export function textsAhead(loaded: LoadedContent): TextsAhead {
  // Each once: a file's YAML aliases (content/source.ts's MAX_ALIAS_COUNT of them) repeat one text, and 100 aliases
  // of a text of nearly 1 MiB, in each of 5 files, once made 500 MB to write, and 1.6 GB of memory.
  const markdown = new Set<string>();
  const moments = new Set<number>();
  const text = (value: unknown): void => void (typeof value === 'string' && markdown.add(value));
  for (const { data } of loaded.notices) {
    if (!isRecord(data)) continue;
    for (const update of Array.isArray(data.updates) ? (data.updates as unknown[]) : []) {
      if (!isRecord(update)) continue;
      text(update.content);
      if (isRecord(update.translations)) Object.values(update.translations).forEach(text);
      const at = typeof update.at === 'string' ? parseTimestamp(update.at) : null;
      if (at !== null) moments.add(at);
    }
    if (isRecord(data.postmortem)) text(data.postmortem.content);
  }
  const site = isRecord(loaded.site?.data) ? loaded.site.data : {};
  const named = Array.isArray(site.locales) ? (site.locales as unknown[]) : [site.locale ?? 'en'];
  // Only tags validation accepts, each once: dates are written once per language.
  const locales = [...new Set(named.filter((tag): tag is string => typeof tag === 'string' && checkLocale(tag) === null))];
  return { markdown: [...markdown], moments: [...moments], locales, zone: typeof site.time_zone === 'string' ? site.time_zone : 'UTC' };
}

/** Renders `texts` into the remembered ones; a zone Intl does not know (validation will say so) gives no dates. */
export function renderAhead({ markdown, moments, locales, zone }: TextsAhead): void {
  rememberMarkdown(markdown);
  for (const locale of locales) {
    try {
      rememberDateTimes(moments, locale, zone);
    } catch {
      return; // RangeError: the zone
    }
  }
}
