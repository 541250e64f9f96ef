// `statuspress fingerprint`: one line, a hash of what a reader of the built site would see as of
// `--now`. The workflows `statuspress init` writes compare it with the last deployed one, so a
// scheduled rebuild that changes nothing publishes nothing (src/fingerprint/index.ts has the rule).
import type { Command } from './command.js';
import { contentFlag, nowFlag, text } from './command.js';
import { definedOnly } from '../util/defined.js';

export const fingerprint: Command = {
  name: 'fingerprint',
  summary: 'Print a hash of what readers of the built site would see: equal hashes, nothing to publish.',
  flags: {
    content: contentFlag(),
    now: { type: 'string', value: 'ISO', description: 'the moment, as given to build --now (default: the clock)' },
    templates: { type: 'string', value: 'DIR', description: "the site's own templates (default: templates/ beside the content, if any)" },
    audience: { type: 'string', value: 'NAME', description: "that audience's site, as build --audience makes it (default: the public site)" },
  },
  async run(values, out) {
    const now = nowFlag(values);
    const templates = text(values, 'templates');
    const audience = text(values, 'audience');
    const { fingerprint: run } = await import('../fingerprint/index.js');
    const result = await run({
      contentDir: String(values.content),
      ...definedOnly({ now, templatesDir: templates, audience }),
    });
    out.log(result.value);
    return 0;
  },
};
