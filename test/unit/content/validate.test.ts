import { describe, expect, it } from 'vitest';
import { loadContent, readContent, validateContent } from '../../../src/content/index.js';
import { ContentError } from '../../../src/errors/error.js';
import { SITE, fixture, problems, writeContent } from './helpers.js';

const T = (iso: string): number => Date.parse(iso);
const notice = (lines: string): Record<string, string> => ({ 'site.yaml': SITE, 'notices/1.yaml': lines });
const GENERAL = 'id: 1\ntype: general\nsubject: Hi\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    content: Hello.\n';

describe('validateContent: valid content', () => {
  it('yields the model with every default filled in', async () => {
    const { value, issues } = validateContent(await loadContent(fixture('valid-minimal')));
    expect(issues).toEqual([]);
    expect(value!.site).toEqual({
      name: 'Acme Status',
      url: 'https://acme.github.io/status',
      createdAt: T('2024-01-01T00:00:00Z'),
      metrics: true,
      stateText: {
        operational: 'All systems operational',
        degraded: 'Something is wrong',
        'under-maintenance': 'Maintenance is underway',
      },
      transitionText: { underway: 'Maintenance is underway.', complete: 'Maintenance is complete.' },
      maintenanceSpelling: 'under-maintenance',
      locale: 'en',
      timeZone: 'UTC',
    });
    expect(value!.components).toEqual([
      { id: 1, name: 'API', description: 'Everything behind api.acme.com', parentId: null, position: null, metrics: true, createdAt: T('2024-01-01T00:00:00Z'), updatedAt: T('2024-01-01T00:00:00Z'), file: 'components/1-api.yaml' },
      { id: 3, name: 'REST API', description: '', parentId: 1, position: 2, metrics: false, createdAt: T('2024-01-01T00:00:00Z'), updatedAt: T('2024-06-01T00:00:00Z'), file: 'components/3-rest.yaml' },
    ]);
    const [unplanned, planned, general] = value!.notices;
    expect(unplanned).toEqual({
      id: 42, type: 'unplanned', subject: 'Elevated error rates on the REST API', components: [3], tags: ['api'],
      beginsAt: null, endsAt: null, autoTransition: false, expiresAt: null, beganAt: null, endedAt: null, impactSeconds: 1800,
      updates: [
        { index: 0, rank: 1, at: T('2026-11-20T10:05:00Z'), updatedAt: T('2026-11-20T10:05:00Z'), state: 'investigating', content: 'We are investigating elevated error rates.\n' },
        { index: 1, rank: 2, at: T('2026-11-20T10:35:00Z'), updatedAt: T('2026-11-20T10:40:00Z'), state: 'resolved', content: 'Fixed.' },
      ],
      file: 'notices/42-api-errors.yaml',
    });
    expect(planned).toMatchObject({ type: 'planned', beginsAt: T('2026-11-25T02:00:00Z'), endsAt: T('2026-11-25T04:00:00Z'), autoTransition: true, tags: [] });
    expect(general).toMatchObject({ type: 'general', components: [], expiresAt: T('2026-12-01T00:00:00Z'), updates: [{ index: 0, state: null }] });
  });

  it('readContent returns the model, or throws ContentError with every issue', async () => {
    expect((await readContent(fixture('valid-minimal'))).notices).toHaveLength(3);
    const error = await readContent(fixture('invalid-many')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).issues).toHaveLength(33);
    expect((error as ContentError).location).toEqual({ file: 'components/1-api.yaml', line: 3, column: 12 });
  });
});

describe('validateContent: one id in many files', () => {
  it('names at most 8 of the other files in each message, then counts the rest (4,000 such files once made 800 MB of messages)', async () => {
    const files: Record<string, string> = { 'site.yaml': SITE };
    for (let i = 0; i < 300; i++) files[`notices/${String(i).padStart(3, '0')}.yaml`] = GENERAL;
    const found = await problems(await writeContent(files));
    expect(found).toHaveLength(300);
    expect(found[0]).toBe(
      `notices/000.yaml:1:5  id: id 1 is also used by ${['001', '002', '003', '004', '005', '006', '007', '008'].map((n) => `notices/${n}.yaml`).join(', ')} and 291 other notice files; give each notice its own id`,
    );
    expect(found[299]).toBe(
      `notices/299.yaml:1:5  id: id 1 is also used by ${['000', '001', '002', '003', '004', '005', '006', '007'].map((n) => `notices/${n}.yaml`).join(', ')} and 291 other notice files; give each notice its own id`,
    );
    expect(Math.max(...found.map((p) => p.length))).toBeLessThan(300);
  });
});

describe('validateContent: every problem at once', () => {
  it('reports all problems of invalid-many, sorted, at their nodes', async () => {
    expect(await problems(fixture('invalid-many'))).toEqual([
      'components/1-api.yaml:3:12  parent_id: parent cycle 1 → 2 → 1; change one of these parent_id values to break it',
      'components/2-web.yaml:3:12  parent_id: parent cycle 2 → 1 → 2; change one of these parent_id values to break it',
      'components/2-web.yaml:4:13  created_at: "2024-02-30T00:00:00Z" is not a real date and time; check the day, month and hour',
      'components/3-self.yaml:3:12  parent_id: a component cannot be its own parent; remove parent_id or use the id of another component',
      'components/3-self.yaml:5:13  updated_at: is before created_at; a component cannot change before it was created',
      'components/5-a.yaml:1:5  id: id 5 is also used by components/5-b.yaml; give each component its own id',
      'components/5-b.yaml:1:1  name: missing; add it (text)',
      'components/5-b.yaml:1:5  id: id 5 is also used by components/5-a.yaml; give each component its own id',
      'components/5-b.yaml:2:14  description: expected text, got the number 42; put it in quotes to make it text',
      'components/5-b.yaml:3:12  parent_id: no component has id 99; parent_id must be the id of another component',
      'notices/42-api.yaml:1:5  id: id 42 is also used by notices/44-news.yaml; give each notice its own id',
      'notices/42-api.yaml:4:17  components.1: no component has id 7; list the id of a file in components/',
      'notices/42-api.yaml:5:1  begins_at: only planned notices have begins_at; remove it from this unplanned notice',
      'notices/42-api.yaml:7:11  ended_at: is before began_at; a notice cannot end before it begins',
      'notices/42-api.yaml:10:12  updates.0.state: "scheduled" is not a state of an unplanned notice; use one of investigating, identified, recovering, resolved, false_alarm',
      'notices/42-api.yaml:12:5  updates.1.state: missing; each update of an unplanned notice needs a state: one of investigating, identified, recovering, resolved, false_alarm',
      'notices/42-api.yaml:12:9  updates.1.at: "2026-11-20" is a date without a time; write e.g. 2026-11-20T00:00:00Z',
      'notices/42-api.yaml:13:14  updates.1.content: must not be empty; write some text',
      'notices/43-maint.yaml:5:10  ends_at: is before begins_at; a maintenance window must end after it begins',
      'notices/43-maint.yaml:11:12  updates.1.state: "resolved" is not a state of a planned notice; use one of scheduled, underway, complete, cancelled',
      'notices/43-maint.yaml:13:5  updates.1.stat: unknown key "stat"; did you mean "state"?',
      'notices/44-news.yaml:1:5  id: id 42 is also used by notices/42-api.yaml; give each notice its own id',
      'notices/44-news.yaml:4:1  impact_seconds: only unplanned notices have impact_seconds; remove it from this general notice',
      'notices/44-news.yaml:7:17  updates.0.updated_at: is before at; an update cannot be edited before it was posted',
      'notices/44-news.yaml:8:5  updates.0.state: updates of a general notice have no state; remove it',
      'notices/45-broken.yaml:1:5  id: the number 0 is not a valid id; ids are positive whole numbers',
      'notices/45-broken.yaml:2:7  type: "incident" is not allowed; use one of unplanned, planned, general',
      'notices/45-broken.yaml:4:10  updates: needs at least one update',
      'site.yaml:1:7  name: must not be empty; write some text',
      'site.yaml:2:6  url: "status.acme.com" is not an absolute URL; write it like https://status.acme.com or https://acme.github.io/status',
      'site.yaml:3:13  created_at: timestamp needs a time zone, e.g. 2026-11-20T10:05:00Z',
      'site.yaml:4:1  colour: unknown key "colour"; remove it (allowed here: name, url, created_at, metrics, state_text, transition_text, maintenance_spelling, locale, time_zone, notify, subscribe_url, locales, translations, audiences)',
      'site.yaml:6:3  state_text.degradd: unknown key "degradd"; did you mean "degraded"?',
    ]);
  });

  it('reports a broken file once for its syntax, and still knows the ids it holds', async () => {
    expect(await problems(fixture('invalid-yaml'))).toEqual([
      'components/1-api.yaml:4:1  YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]',
      'notices/10-dup-key.yaml:5:1  key "subject" appears twice in the same mapping (first on line 3); keep only one',
      'notices/11-two-docs.yaml:7:1  one document per file; remove the second document (after ---) or move it to its own file',
      'notices/12-fine.yaml:4:17  components.1: no component has id 2; list the id of a file in components/',
    ]);
  });

  it('accepts HTML and template syntax as text, and reports hostile files only', async () => {
    const { value, issues } = validateContent(await loadContent(fixture('hostile')));
    expect(value).toBeNull();
    expect(issues.filter((i) => !i.file.startsWith('notices/'))).toEqual([]);
    expect(issues.filter((i) => i.file === 'notices/1-script.yaml')).toEqual([]);
    expect(issues.filter((i) => i.file === 'notices/2-proto.yaml').map((i) => [i.line, i.column, i.path, i.message.split(';')[0]])).toEqual([
      [4, 1, '__proto__', 'unknown key "__proto__"'],
      [9, 5, 'updates.0.constructor', 'unknown key "constructor"'],
    ]);
  });

  it('does not report ids of an unreadable component file as unknown', async () => {
    const dir = await writeContent({
      'site.yaml': SITE,
      'components/1.yaml': 'a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n',
      'notices/1.yaml': GENERAL.replace('subject: Hi\n', 'subject: Hi\ncomponents: [1]\n'),
    });
    expect(await problems(dir)).toEqual([
      'components/1.yaml:2:8  its aliases (*name) expand to more than 100 nodes; use fewer aliases',
    ]);
  });
});

describe('validateContent: fields', () => {
  it.each([
    ['2026-11-20T10:05:00', 'timestamp needs a time zone, e.g. 2026-11-20T10:05:00Z'],
    ['2026-11-20 10:05', 'timestamp needs a time zone, e.g. 2026-11-20T10:05:00Z'],
    ['2026-11-20', '"2026-11-20" is a date without a time; write e.g. 2026-11-20T00:00:00Z'],
    ['2026-02-30T10:05:00Z', '"2026-02-30T10:05:00Z" is not a real date and time; check the day, month and hour'],
    ['2026-11-20T25:05:00+02:00', '"2026-11-20T25:05:00+02:00" is not a real date and time; check the day, month and hour'],
    ['yesterday', '"yesterday" is not a timestamp; write ISO 8601 with a time zone, e.g. 2026-11-20T10:05:00Z'],
    ['1795169100', 'expected a timestamp like 2026-11-20T10:05:00Z, got the number 1795169100'],
    ['!!timestamp 2026-11-20T10:05:00Z', 'write the timestamp as plain text with a time zone (e.g. 2026-11-20T10:05:00Z), without a !!timestamp tag or %YAML 1.1 directive'],
    ['', 'empty; write a timestamp with a time zone, e.g. 2026-11-20T10:05:00Z'],
  ])('created_at: %s', async (value, message) => {
    const dir = await writeContent({ 'site.yaml': SITE.replace('2024-01-01T00:00:00Z', value) });
    // An empty value is shown at its key; a tagged one at the scalar after its tag.
    const column = value === '' ? 1 : value.startsWith('!!') ? 25 : 13;
    expect(await problems(dir)).toEqual([`site.yaml:3:${column}  created_at: ${message}`]);
  });

  it('accepts zones as offsets and keeps the instant', async () => {
    const dir = await writeContent({ 'site.yaml': SITE.replace('00:00:00Z', '02:00:00+02:00') });
    expect((await readContent(dir)).site.createdAt).toBe(T('2024-01-01T00:00:00Z'));
  });

  it.each([
    ['https://status.acme.com/', 'https://status.acme.com'],
    ['http://acme.example/status//', 'http://acme.example/status'],
  ])('url %s becomes %s', async (url, expected) => {
    const dir = await writeContent({ 'site.yaml': SITE.replace('https://status.acme.com', url) });
    expect((await readContent(dir)).site.url).toBe(expected);
  });

  it.each([
    ['ftp://acme.example', 'url: "ftp://acme.example" must start with https:// or http://'],
    ['https://acme.example/?x=1', 'url: must not carry a query (?) or fragment (#); use the address of the status page itself'],
    ['/status', 'url: "/status" is not an absolute URL; write it like https://status.acme.com or https://acme.github.io/status'],
  ])('url %s is an issue', async (url, message) => {
    const dir = await writeContent({ 'site.yaml': SITE.replace('https://status.acme.com', url) });
    expect(await problems(dir)).toEqual([`site.yaml:2:6  ${message}`]);
  });

  it('takes transition_text and state_text from site.yaml over the defaults', async () => {
    const dir = await writeContent({ 'site.yaml': `${SITE}transition_text:\n  complete: All done.\nstate_text:\n  operational: Fine\n` });
    const { site } = await readContent(dir);
    expect(site.transitionText).toEqual({ underway: 'Maintenance is underway.', complete: 'All done.' });
    expect(site.stateText.operational).toBe('Fine');
    expect(site.metrics).toBe(false);
  });

  it('bounds notice ids and update counts so update ids stay unique safe integers', async () => {
    const updates = Array.from({ length: 900 }, () => '  - at: 2026-11-20T10:05:00Z\n    content: x\n').join('');
    const dir = await writeContent(notice(`id: 9000000000001\ntype: general\nsubject: Long\nupdates:\n${updates}`));
    expect(await problems(dir)).toEqual([
      'notices/1.yaml:1:5  id: notice ids may be at most 9000000000000 (update ids are built from them)',
      'notices/1.yaml:5:3  updates: at most 899 updates per notice; start a new notice for a long-running story',
    ]);
  });

  it('requires begins_at and ends_at of a planned notice, at the notice itself', async () => {
    const dir = await writeContent(notice('id: 1\ntype: planned\nsubject: Upgrade\nauto_transition: false\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    content: Soon.\n'));
    expect(await problems(dir)).toEqual([
      'notices/1.yaml:1:1  begins_at: missing; a planned notice needs begins_at, when its window starts',
      'notices/1.yaml:1:1  ends_at: missing; a planned notice needs ends_at, when its window ends',
      'notices/1.yaml:6:5  updates.0.state: missing; each update of a planned notice needs a state: one of scheduled, underway, complete, cancelled',
    ]);
  });

  it('words wrong types plainly and points at empty values by their key', async () => {
    const dir = await writeContent(notice('id: 1.5\ntype:\nsubject: 404\ntags: api\nexpires_at:\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    content:\n'));
    expect(await problems(dir)).toEqual([
      'notices/1.yaml:1:5  id: expected a whole number, got the number 1.5',
      'notices/1.yaml:2:1  type: empty; use one of unplanned, planned, general',
      'notices/1.yaml:3:10  subject: expected text, got the number 404; put it in quotes to make it text',
      'notices/1.yaml:4:7  tags: expected a list, got "api"',
      'notices/1.yaml:8:5  updates.0.content: empty; write text here',
    ]);
  });

  it('reports an empty file and a file that is not a mapping', async () => {
    const dir = await writeContent({ 'site.yaml': SITE, 'components/1.yaml': '# nothing yet\n', 'notices/1.yaml': '- id: 1\n' });
    expect(await problems(dir)).toEqual([
      'components/1.yaml:1:1  the file is empty; a component needs id, name and created_at',
      'notices/1.yaml:1:1  expected a mapping (key: value lines), got a list',
    ]);
  });
});

describe('the impact of an incident', () => {
  const INCIDENT = (extra: string): string =>
    `id: 1\ntype: unplanned\nsubject: S\n${extra}updates:\n  - at: 2026-11-20T10:05:00Z\n    state: investigating\n    content: x\n`;

  it('is read when given, and absent from the model when not (or null): the build state keeps its bytes', async () => {
    for (const [extra, expected] of [['impact: major\n', 'major'], ['impact: critical\n', 'critical'], ['', undefined], ['impact: ~\n', undefined]] as const) {
      const { value, issues } = validateContent(await loadContent(await writeContent(notice(INCIDENT(extra)))));
      expect(issues, extra).toEqual([]);
      expect(value!.notices[0]!.impact, extra).toBe(expected);
      expect(Object.hasOwn(value!.notices[0]!, 'impact'), extra).toBe(expected !== undefined);
    }
  });

  it('belongs to unplanned notices only', async () => {
    const planned = 'id: 1\ntype: planned\nsubject: S\nbegins_at: 2026-11-25T02:00:00Z\nends_at: 2026-11-25T04:00:00Z\nimpact: minor\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    state: scheduled\n    content: x\n';
    expect(await problems(await writeContent(notice(planned)))).toEqual(['notices/1.yaml:6:1  impact: only unplanned notices have impact; remove it from this planned notice']);
    expect(await problems(await writeContent(notice(GENERAL.replace('updates:', 'impact: major\nupdates:'))))).toEqual([
      'notices/1.yaml:4:1  impact: only unplanned notices have impact; remove it from this general notice',
    ]);
  });
});

describe('general notices', () => {
  it('reject began_at and ended_at, which they do not have', async () => {
    const dir = await writeContent({
      'site.yaml': SITE,
      'notices/5-hello.yaml': 'id: 5\ntype: general\nsubject: Hello\nbegan_at: 2026-11-01T00:00:00Z\nended_at: 2026-11-02T00:00:00Z\nupdates:\n  - at: 2026-11-01T00:00:00Z\n    content: Hi\n',
    });
    expect(await problems(dir)).toEqual([
      'notices/5-hello.yaml:4:1  began_at: a general notice has no began_at; remove it (use expires_at to end it)',
      'notices/5-hello.yaml:5:1  ended_at: a general notice has no ended_at; remove it (use expires_at to end it)',
    ]);
  });
});

describe('did you mean, for values of a closed set', () => {
  const UNPLANNED = (state: string, type = 'unplanned'): string =>
    `id: 1\ntype: ${type}\nsubject: S\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    state: ${state}\n    content: x\n`;

  it.each([
    ['identifed', 'updates.0.state: "identifed" is not a state of an unplanned notice; did you mean "identified"?'],
    ['Resolved', 'updates.0.state: "Resolved" is not a state of an unplanned notice; did you mean "resolved"?'],
    ['false-alarm', 'updates.0.state: "false-alarm" is not a state of an unplanned notice; did you mean "false_alarm"?'],
    ['reslovde', 'updates.0.state: "reslovde" is not a state of an unplanned notice; did you mean "resolved"?'],
    // Nothing near: the list, as before.
    ['scheduled', 'updates.0.state: "scheduled" is not a state of an unplanned notice; use one of investigating, identified, recovering, resolved, false_alarm'],
  ])('suggests a state for %s', async (state, message) => {
    expect(await problems(await writeContent(notice(UNPLANNED(state))))).toEqual([`notices/1.yaml:6:12  ${message}`]);
  });

  it.each([
    ['unplaned', 'did you mean "unplanned"?'],
    ['Planned', 'did you mean "planned"?'],
    ['genral', 'did you mean "general"?'],
    ['incident', 'use one of unplanned, planned, general'],
  ])('suggests a type for %s', async (type, end) => {
    const found = await problems(await writeContent(notice(UNPLANNED('investigating', type))));
    expect(found[0]).toBe(`notices/1.yaml:2:7  type: "${type}" is not allowed; ${end}`);
  });

  it.each([
    ['majr', 'did you mean "major"?'],
    ['Critical', 'did you mean "critical"?'],
    ['minr', 'did you mean "minor"?'],
    ['none', 'use one of minor, major, critical'],
    ['3', 'the number 3 is not allowed; use one of minor, major, critical'],
  ])('suggests an impact for %s', async (impact, end) => {
    const text = `id: 1\ntype: unplanned\nsubject: S\nimpact: ${impact}\nupdates:\n  - at: 2026-11-20T10:05:00Z\n    state: investigating\n    content: x\n`;
    const found = await problems(await writeContent(notice(text)));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^notices\/1\.yaml:4:9 {2}impact: /);
    expect(found[0]).toContain(end);
  });

  it('suggests true or false for a misspelt boolean', async () => {
    const dir = await writeContent({ 'site.yaml': `${SITE}metrics: ture\n` });
    expect(await problems(dir)).toEqual(['site.yaml:4:10  metrics: expected true or false, got "ture"; did you mean true?']);
  });
});

describe('the order of a notice\'s updates', () => {
  const updates = (...ats: string[]): Record<string, string> =>
    notice(`id: 1\ntype: general\nsubject: S\nupdates:\n${ats.map((at) => `  - at: ${at}\n    content: x\n`).join('')}`);

  it('is free: newest first, oldest first or mixed, whatever the zones', async () => {
    expect(await problems(await writeContent(updates('2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z', '2026-11-02T12:00:00Z')))).toEqual([]);
    expect(await problems(await writeContent(updates('2026-11-20T12:30:00+02:00', '2026-11-20T11:00:00Z', '2026-11-20T10:00:00Z')))).toEqual([]);
    expect(await problems(await writeContent(updates('2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z')))).toEqual([]);
  });

  it('is not compared when either time is malformed (that has its own message)', async () => {
    expect(await problems(await writeContent(updates('2026-11-20T11:00:00Z', '2026-11-20')))).toEqual([
      'notices/1.yaml:7:9  updates.1.at: "2026-11-20" is a date without a time; write e.g. 2026-11-20T00:00:00Z',
    ]);
  });
});

describe('updates dated after now', () => {
  const TWO = 'id: 1\ntype: general\nsubject: S\nupdates:\n  - at: 2026-11-20T10:00:00Z\n    content: x\n  - at: 2026-11-25T02:00:00+01:00\n    content: y\n';

  it('are notes, not issues: the content stays valid', async () => {
    const dir = await writeContent(notice(TWO));
    const { value, issues, notes } = validateContent(await loadContent(dir), { now: T('2026-11-21T00:00:00Z') });
    expect(issues).toEqual([]);
    expect(value).not.toBeNull();
    expect(notes).toEqual([
      {
        file: 'notices/1.yaml',
        line: 7,
        column: 9,
        path: 'updates.1.at',
        code: 'content/withheld',
        message: 'withheld until 2026-11-25T01:00:00Z, after now (2026-11-21T00:00:00Z); builds from then on publish it',
      },
    ]);
  });

  it('say when the whole notice is left out, at its earliest update', async () => {
    const dir = await writeContent(notice(TWO));
    const { notes } = validateContent(await loadContent(dir), { now: T('2026-11-19T00:00:00Z') });
    expect(notes.map((n) => [n.path, n.message.includes('and so is the notice')])).toEqual([
      ['updates.0.at', true],
      ['updates.1.at', false],
    ]);
  });

  it('are not judged without a now, nor when the update is due', async () => {
    const dir = await writeContent(notice(TWO));
    expect(validateContent(await loadContent(dir)).notes).toEqual([]);
    expect(validateContent(await loadContent(dir), { now: T('2026-11-25T01:00:00Z') }).notes).toEqual([]);
  });

  it('come along with the problems of invalid content', async () => {
    const dir = await writeContent({ ...notice(TWO), 'notices/2.yaml': 'id: 2\n' });
    const { value, issues, notes } = validateContent(await loadContent(dir), { now: T('2026-11-21T00:00:00Z') });
    expect(value).toBeNull();
    expect(issues.length).toBeGreaterThan(0);
    expect(notes.map((n) => n.file)).toEqual(['notices/1.yaml']);
  });
});
