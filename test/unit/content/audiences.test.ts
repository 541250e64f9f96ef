// site.yaml's `audiences` and `audience` on components, notices and targets: each problem at its
// line; the view each audience gets; the id ranges of `new --audience`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { audienceView } from '../../../src/content/audience.js';
import { loadContent, requireValid, validateContent } from '../../../src/content/index.js';
import { newComponent, newNotice } from '../../../src/scaffold/new.js';
import { problems, SITE, writeContent } from './helpers.js';

const AUDIENCES = `${SITE}audiences:\n  staff:\n    url: https://status.internal.acme.com\n`;
const component = (id: number, extra = ''): string => `id: ${id}\nname: Part ${id}\n${extra}created_at: 2024-01-01T00:00:00Z\n`;
const notice = (id: number, extra = ''): string =>
  `id: ${id}\ntype: unplanned\nsubject: Notice ${id}\n${extra}updates:\n  - at: 2026-11-01T10:00:00Z\n    state: resolved\n    content: Fixed.\n`;

describe('audience problems', () => {
  it('names an unknown audience, a bad name, and a component seen beyond its parent, each at its line', async () => {
    const dir = await writeContent({
      'site.yaml': `${AUDIENCES}  Staff Team:\n    url: https://x.acme.com\n  public:\n    url: https://y.acme.com\nnotify:\n  - type: slack\n    url_env: SLACK_URL\n    audience: partners\n`,
      'components/1-a.yaml': component(1, 'audience: staff\n'),
      'components/2-b.yaml': component(2, 'parent_id: 1\naudience: [staff, stafff]\n'),
      'notices/1-n.yaml': notice(1, 'audience: staf\n'),
    });
    expect(await problems(dir)).toEqual([
      'components/2-b.yaml:4:11  audience: its parent, component 1, is seen by staff only; give this component one of those audiences, or remove `audience` to inherit the parent’s',
      'components/2-b.yaml:4:19  audience.1: "stafff" is no audience of this site; use one of staff, or add it under `audiences` in site.yaml',
      'notices/1-n.yaml:4:11  audience: "staf" is no audience of this site; use one of staff, or add it under `audiences` in site.yaml',
      'site.yaml:7:3  audiences.Staff Team: "Staff Team" is not an audience name; use lowercase letters, digits and hyphens, starting with a letter, like staff',
      'site.yaml:9:3  audiences.public: public is the audience of everything without `audience`; name the other audience otherwise',
      'site.yaml:14:15  notify.0.audience: "partners" is no audience of this site; use one of staff, or add it under `audiences` in site.yaml',
    ]);
  });

  it('refuses an audience on a site that names none', async () => {
    const dir = await writeContent({ 'site.yaml': SITE, 'components/1-a.yaml': component(1, 'audience: staff\n') });
    expect(await problems(dir)).toEqual(['components/1-a.yaml:3:11  audience: "staff" is no audience of this site; name it under `audiences` in site.yaml first']);
  });
});

describe('audienceView', () => {
  const content = async () => {
    const dir = await writeContent({
      'site.yaml': `${AUDIENCES}notify:\n  - type: slack\n    url_env: PUBLIC_URL\n  - type: slack\n    url_env: STAFF_URL\n    audience: staff\n    components: [1, 3]\n`,
      'components/1-a.yaml': component(1),
      'components/2-b.yaml': component(2, 'audience: staff\n'),
      'components/3-c.yaml': component(3, 'parent_id: 2\n'),
      'notices/1-n.yaml': notice(1, 'components: [1, 3]\n'),
      'notices/2-n.yaml': notice(2, 'audience: staff\ncomponents: [2]\n'),
    });
    return requireValid(validateContent(await loadContent(dir)));
  };

  it('gives the public only what is public: no private component (nor its children), notice, id, target or audiences', async () => {
    const view = audienceView(await content(), null);
    expect(view.components.map((c) => c.id)).toEqual([1]);
    expect(view.notices.map((n) => [n.id, n.components])).toEqual([[1, [1]]]);
    expect(view.site.notify!.map((t) => t.urlEnv)).toEqual(['PUBLIC_URL']);
    expect(view.site).not.toHaveProperty('audiences');
    expect(view.site).not.toHaveProperty('private');
    expect(view.site.url).toBe('https://status.acme.com');
  });

  it("gives staff everything public and its own, at its address and under the site's name, marked private", async () => {
    const view = audienceView(await content(), 'staff');
    expect(view.components.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(view.components.every((c) => !('audience' in c))).toBe(true);
    expect(view.notices.map((n) => [n.id, n.components])).toEqual([[1, [1, 3]], [2, [2]]]);
    expect(view.site.notify!.map((t) => [t.urlEnv, 'audience' in t])).toEqual([['PUBLIC_URL', false], ['STAFF_URL', false]]);
    expect(view.site).toMatchObject({ name: 'Acme Status', url: 'https://status.internal.acme.com', private: { audience: 'staff', passwordFile: null } });
  });

  it("takes the private ids out of a public target's `components`, as deleting those components would", async () => {
    const dir = await writeContent({
      'site.yaml': `${AUDIENCES}notify:\n  - type: slack\n    url_env: PUBLIC_URL\n    components: [1, 2, 3]\n`,
      'components/1-a.yaml': component(1),
      'components/2-b.yaml': component(2, 'audience: staff\n'),
      'components/3-c.yaml': component(3, 'parent_id: 2\n'),
    });
    const content = requireValid(validateContent(await loadContent(dir)));
    expect(audienceView(content, null).site.notify!.map((t) => t.components)).toEqual([[1]]);
    expect(audienceView(content, 'staff').site.notify!.map((t) => t.components)).toEqual([[1, 2, 3]]);
  });

  it('refuses an audience the site does not name', async () => {
    expect(() => audienceView({ site: { name: 'x' } as never, components: [], notices: [] }, 'staff')).toThrow(/--audience "staff" is no audience of this site; site.yaml names none/);
  });
});

describe('new --audience', () => {
  it("takes ids from the audience's own range, so the public's stay consecutive", async () => {
    const dir = await writeContent({ 'site.yaml': `${AUDIENCES}  partners:\n    url: https://partners.acme.com\n`, 'notices/1-n.yaml': notice(1), 'notices/1000000-n.yaml': notice(1_000_000, 'audience: staff\n') });
    const now = Date.parse('2026-11-02T10:00:00Z');
    expect((await newNotice(dir, { type: 'unplanned', subject: 'Public', now })).id).toBe(2);
    const staff = await newNotice(dir, { type: 'unplanned', subject: 'Staff', now, audience: 'staff' });
    expect(staff.id).toBe(1_000_001);
    expect(await readFile(path.join(dir, staff.file), 'utf8')).toMatch(/^audience: staff$/m);
    expect((await newNotice(dir, { type: 'unplanned', subject: 'Partners', now, audience: 'partners' })).id).toBe(2_000_000);
    expect((await newComponent(dir, { name: 'Build farm', now, audience: 'staff' })).id).toBe(1_000_000);
    expect((await newNotice(dir, { type: 'unplanned', subject: 'Public again', now })).id).toBe(3);
    await expect(newNotice(dir, { type: 'unplanned', subject: 'Nobody', now, audience: 'nobody' })).rejects.toThrow(/no audience of this site; use one of staff, partners/);
  });
});
