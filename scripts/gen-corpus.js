#!/usr/bin/env node
/**
 * gen-corpus.js — writes a synthetic statuspress content folder (the format of docs/content.md) for benchmarks.
 *
 *   node scripts/gen-corpus.js --notices N --components C --out DIR [--seed S] [--now ISO] [--groups G --regions R]
 *
 * Writes DIR/site.yaml, DIR/components/<id>-<slug>.yaml and DIR/notices/<id>-<slug>.yaml, plus
 * DIR/.gen-corpus.json (the parameters and a hash of this script, so callers such as bench.js can
 * tell whether a folder can be reused). It refuses to write into a non-empty folder that it did not
 * create, so `--out content` cannot wipe the example page.
 *
 * The corpus:
 * - C components in a three-level tree: about C/10 top level, the rest split between level 2 and 3;
 *   with --groups and --regions, G top level and R at level 2 (spread evenly over the groups), the
 *   rest leaves (Cloudflare's page: --components 500 --groups 10 --regions 50).
 * - N notices whose first update falls in the five years before --now (default: the clock), ids in
 *   chronological order: ~80% unplanned (investigating → identified → recovering → resolved, some
 *   false_alarm; the few that started in the last hours are still ongoing), ~15% planned
 *   (scheduled → underway → complete; a few cancelled; a few in the future or underway now, which carry
 *   only their `scheduled` announcement and rely on auto transitions), ~5% general (some with
 *   expires_at). Each impacts 1-3 components and carries 5 updates, except as noted for planned ones.
 * - No update is dated after --now; update times within a notice strictly increase; every timestamp
 *   is UTC with `Z`; planned windows end after they begin.
 *
 * Deterministic: the same --notices, --components, --seed and --now give byte-identical files.
 * Dependencies: node built-ins and `yaml`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { scriptOptions } from './options.js';
import YAML from 'yaml';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;
const MARKER = '.gen-corpus.json';
const GENERATOR_HASH = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url))).digest('hex').slice(0, 16);

// ---------------------------------------------------------------------------------------------
// Command line

const USAGE = 'Usage: node scripts/gen-corpus.js --notices N --components C --out DIR [--seed S] [--now ISO] [--groups G --regions R]';

function parseOptions(argv) {
  const { values } = scriptOptions(import.meta.url, {
    args: argv,
    options: {
      notices: { type: 'string' },
      components: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string', default: '1' },
      now: { type: 'string' },
      groups: { type: 'string' },
      regions: { type: 'string' },
    },
    strict: true,
  });
  const notices = integer(values.notices, '--notices', 0);
  const components = integer(values.components, '--components', 1);
  const seed = integer(values.seed, '--seed', 0);
  if (!values.out) usage('--out DIR is required');
  let shape = null;
  if (values.groups !== undefined || values.regions !== undefined) {
    const groups = integer(values.groups, '--groups', 1);
    const regions = integer(values.regions, '--regions', groups);
    if (groups + regions > components) usage(`--groups ${groups} --regions ${regions}: more than the ${components} components`);
    shape = { groups, regions };
  }
  let now = Math.floor(Date.now() / 1000) * 1000;
  if (values.now !== undefined) {
    if (!/(Z|[+-]\d\d:\d\d)$/i.test(values.now)) usage(`--now ${values.now}: give a time zone (Z or +hh:mm)`);
    now = Date.parse(values.now);
    if (Number.isNaN(now)) usage(`--now ${values.now}: not an ISO timestamp`);
  }
  return { notices, components, seed, now, shape, out: path.resolve(values.out) };
}

function integer(text, flag, min) {
  if (text === undefined) usage(`${flag} is required`);
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) usage(`${flag} ${text}: expected an integer >= ${min}`);
  return value;
}

function usage(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness (mulberry32): one stream, consumed in a fixed order, so output is reproducible.

function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    /** k distinct integers from [1, n], ascending. */
    sample: (n, k) => {
      const chosen = new Set();
      while (chosen.size < Math.min(k, n)) chosen.add(int(1, n));
      return [...chosen].sort((a, b) => a - b);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Wording

const TOP_NAMES = ['API', 'Dashboard', 'Website', 'Notifications', 'Billing', 'Search', 'Storage', 'Analytics',
  'Authentication', 'Integrations', 'Mobile apps', 'CDN', 'Data pipeline', 'Messaging', 'Payments', 'Reporting',
  'Identity', 'Media processing', 'Scheduler', 'Audit log'];
const SUB_NAMES = ['Web', 'Workers', 'Database', 'Cache', 'Queue', 'Gateway', 'Object storage', 'Search index',
  'Exports', 'Webhooks', 'Email', 'SMS', 'Push', 'Login', 'Admin console', 'Public API', 'Internal API', 'Jobs'];
const REGIONS = ['eu-west-1', 'eu-central-1', 'us-east-1', 'us-west-2', 'ap-southeast-2', 'ap-northeast-1', 'sa-east-1', 'ca-central-1'];
const TAGS = ['api', 'database', 'network', 'dns', 'performance', 'errors', 'delay', 'third-party', 'security', 'deploy', 'capacity'];

const INCIDENT_SUBJECTS = ['Elevated error rates on {c}', 'Increased latency for {c}', '{c} unavailable', 'Delays in {c}',
  'Intermittent failures in {c}', 'Degraded performance of {c}', 'Partial outage of {c}', 'Timeouts when using {c}'];
const MAINTENANCE_SUBJECTS = ['Scheduled maintenance of {c}', 'Database upgrade for {c}', 'Network maintenance affecting {c}',
  'Certificate rotation for {c}', 'Infrastructure migration of {c}', 'Security patching of {c}'];
const GENERAL_SUBJECTS = ['Changes to our support hours', 'New data centre region available', 'Deprecation of API v1',
  'Security advisory: rotate your API keys', 'Holiday support schedule', 'Updated terms of service', 'New status page features'];

const WORDING = {
  investigating: ['We are investigating reports of problems with {c}.', 'Some requests to {c} are failing. We are looking into it.',
    'Our monitoring detected **elevated error rates** on {c}. We are investigating.'],
  identified: ['We have identified the cause: a faulty deploy affecting {c}. A fix is being rolled out.',
    'The issue is caused by an overloaded database cluster behind {c}. We are adding capacity.',
    'A network problem at our upstream provider affects {c}. We are rerouting traffic.'],
  recovering: ['A fix has been deployed and {c} is recovering. We are monitoring.',
    'Error rates on {c} are dropping. Delayed work is being processed:\n\n- queued requests are replayed\n- no data was lost'],
  resolved: ['{c} is operating normally again. This incident is resolved.', 'Everything has been working normally for 30 minutes. Resolved.'],
  resolvedFollowUp: ['We have published a post-mortem for this incident on our blog.', 'Follow-up: the root cause has been fixed permanently and an alert has been added.'],
  false_alarm: ['{c} was working normally throughout: the alert was caused by a faulty monitoring check.'],
  falseAlarmFollowUp: ['We have fixed the monitoring check that raised this alert.'],
  scheduled: ['We will perform maintenance on {c}. Short interruptions of up to a few minutes are possible.',
    '**Planned maintenance** of {c}. No downtime is expected; requests may be slower for a few minutes.'],
  scheduledReminder: ['Reminder: this maintenance starts in a few hours.', 'The maintenance plan has been updated: the window is unchanged.'],
  underway: ['The maintenance has started.', 'Maintenance is in progress.'],
  underwayProgress: ['Maintenance is progressing as planned.', 'We are halfway through the maintenance.'],
  complete: ['The maintenance is complete and {c} is operating normally.', 'All work has been completed.'],
  cancelled: ['This maintenance has been cancelled.'],
  cancelledFollowUp: ['A new date will be announced on this page.'],
  general: ['We will keep this notice updated.', 'More details are available in our documentation.',
    'If you have questions, contact our support team.', 'Thank you for your patience.', 'This notice has been updated.'],
};

function fill(template, componentText) {
  return `${template.replaceAll('{c}', componentText)}\n`;
}

// ---------------------------------------------------------------------------------------------
// Components

/** Builds the component tree: ids 1..C, top level first, then level 2, then level 3. */
function generateComponents(count, random, createdAt, shape) {
  const top = shape?.groups ?? Math.max(1, Math.round(count / 10));
  const rest = count - top;
  const level2 = shape?.regions ?? Math.ceil(rest / 2);
  const components = [];
  const positions = shuffle([...Array(top).keys()].map((i) => i + 1), random);
  for (let i = 0; i < count; i += 1) {
    const id = i + 1;
    let name;
    let parentId = null;
    let position;
    if (i < top) {
      name = numbered(TOP_NAMES, i);
      position = positions[i];
    } else if (i < top + level2) {
      parentId = ((i - top) % top) + 1;
      name = `${components[parentId - 1].name} ${numbered(SUB_NAMES, i - top)}`;
    } else {
      parentId = random.int(top + 1, top + level2);
      name = `${components[parentId - 1].name} (${random.pick(REGIONS)})`;
    }
    const component = { id, name, description: `Synthetic component ${id}`, parent_id: parentId, position, created_at: iso(createdAt) };
    if (random.chance(0.15)) component.updated_at = iso(createdAt + random.int(1, 1000) * DAY);
    components.push(component);
  }
  return components;
}

function numbered(names, index) {
  const round = Math.floor(index / names.length);
  return round === 0 ? names[index] : `${names[index % names.length]} ${round + 1}`;
}

function shuffle(list, random) {
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random.next() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// Notices: each generator returns { fields, updates: [{ at, state?, content }] } with times in ms.

const UNPLANNED_TEMPLATES = [
  ['investigating', 'identified', 'recovering', 'resolved', 'resolved'],
  ['investigating', 'investigating', 'identified', 'recovering', 'resolved'],
  ['investigating', 'identified', 'identified', 'recovering', 'resolved'],
  ['investigating', 'identified', 'recovering', 'recovering', 'resolved'],
];
const FALSE_ALARM = ['investigating', 'investigating', 'investigating', 'false_alarm', 'false_alarm'];
const ONGOING = ['investigating', 'investigating', 'identified', 'identified', 'identified'];

function unplanned(start, now, random, componentText, ongoing) {
  let states = random.chance(0.05) ? FALSE_ALARM : random.pick(UNPLANNED_TEMPLATES);
  const followUp = states[3] === states[4];
  const gaps = [0, ...[1, 2, 3, 4].map(() => random.int(5, 60) * MINUTE)];
  if (followUp) gaps[4] = random.int(1, 3) * DAY;
  if (start + sum(gaps) > now) gaps[4] = random.int(5, 60) * MINUTE;
  let times = cumulative(start, gaps);
  if (ongoing || times[4] > now) {
    // Started in the last few hours: still ongoing, updates spread evenly up to now.
    states = ONGOING;
    const step = Math.floor((now - start) / 5 / MINUTE) * MINUTE;
    times = [0, 1, 2, 3, 4].map((i) => start + i * step);
  }
  const updates = states.map((state, i) => {
    const key = i === 4 && followUp && states !== ONGOING ? (state === 'resolved' ? 'resolvedFollowUp' : 'falseAlarmFollowUp') : state;
    return { at: times[i], state, content: fill(random.pick(WORDING[key]), componentText) };
  });
  return { fields: {}, updates };
}

function planned(start, now, random, componentText) {
  const future = random.chance(0.06);
  const beginsAt = future ? roundTo(now + random.int(2, 45 * 24) * HOUR, HOUR) : roundTo(start, HOUR);
  const endsAt = beginsAt + random.int(1, 8) * 30 * MINUTE;
  const fields = { begins_at: iso(beginsAt), ends_at: iso(endsAt) };
  const announce = (at) => ({ at, state: 'scheduled', content: fill(random.pick(WORDING.scheduled), componentText) });

  if (!future && beginsAt + DAY <= now && random.chance(0.07)) {
    const updates = [
      announce(beginsAt - random.int(7, 14) * DAY),
      { at: beginsAt - random.int(4, 6) * DAY, state: 'scheduled', content: fill(random.pick(WORDING.scheduledReminder), componentText) },
      { at: beginsAt - random.int(1, 3) * DAY, state: 'scheduled', content: fill(random.pick(WORDING.scheduledReminder), componentText) },
      { at: beginsAt - random.int(1, 20) * HOUR, state: 'cancelled', content: fill(random.pick(WORDING.cancelled), componentText) },
      { at: beginsAt + random.int(1, 24) * HOUR, state: 'cancelled', content: fill(random.pick(WORDING.cancelledFollowUp), componentText) },
    ];
    return { fields, updates };
  }
  const duration = endsAt - beginsAt;
  const completeAt = roundTo(beginsAt + duration * (0.6 + 0.5 * random.next()), MINUTE);
  if (future || completeAt > now) {
    // Not over yet: only the announcement, posted before now and before the window; auto
    // transitions add `underway` at begins_at and `complete` at ends_at as time passes.
    const postedAt = Math.min(beginsAt - DAY, now) - random.int(1, 7 * 24) * HOUR;
    return { fields, updates: [announce(postedAt)] };
  }
  const updates = [
    announce(beginsAt - random.int(2, 14) * DAY),
    { at: beginsAt - random.int(2, 24) * HOUR, state: 'scheduled', content: fill(random.pick(WORDING.scheduledReminder), componentText) },
    { at: beginsAt, state: 'underway', content: fill(random.pick(WORDING.underway), componentText) },
    { at: roundTo(beginsAt + duration * 0.4, MINUTE), state: 'underway', content: fill(random.pick(WORDING.underwayProgress), componentText) },
    { at: completeAt, state: 'complete', content: fill(random.pick(WORDING.complete), componentText) },
  ];
  return { fields, updates };
}

function general(start, now, random) {
  let gaps = [0, ...[1, 2, 3, 4].map(() => random.int(1, 5) * DAY)];
  if (start + sum(gaps) > now) gaps = [0, 1, 2, 3, 4].map((i) => (i === 0 ? 0 : Math.floor((now - start) / 5 / MINUTE) * MINUTE));
  const times = cumulative(start, gaps);
  const fields = {};
  if (random.chance(0.6)) fields.expires_at = iso(roundTo(times[4] + random.int(7, 60) * DAY, DAY));
  const updates = times.map((at) => ({ at, content: `${random.pick(WORDING.general)}\n` }));
  return { fields, updates };
}

/** All N notices, sorted by first update; ids increase with time, with an occasional gap. */
function generateNotices(count, componentList, random, now) {
  const earliest = now - 5 * YEAR;
  const latest = now - 30 * MINUTE;
  const drafts = [];
  for (let i = 0; i < count; i += 1) {
    const roll = random.next();
    const type = roll < 0.8 ? 'unplanned' : roll < 0.95 ? 'planned' : 'general';
    // About one incident in a thousand is still ongoing, so the page has something to show.
    const ongoing = type === 'unplanned' && random.chance(0.001);
    const start = ongoing ? roundTo(now - random.int(30, 360) * MINUTE, MINUTE)
      : roundTo(earliest + random.next() * (latest - earliest), MINUTE);
    const impacted = type === 'general' ? [] : random.sample(componentList.length, random.int(1, 3));
    const componentText = joinNames(impacted.map((id) => componentList[id - 1].name));
    const subjectTemplates = { unplanned: INCIDENT_SUBJECTS, planned: MAINTENANCE_SUBJECTS, general: GENERAL_SUBJECTS }[type];
    const subject = random.pick(subjectTemplates).replaceAll('{c}', componentText);
    const body = type === 'unplanned' ? unplanned(start, now, random, componentText, ongoing)
      : type === 'planned' ? planned(start, now, random, componentText)
        : general(start, now, random);
    const tags = [...new Set([...(type === 'planned' ? ['maintenance'] : []), ...Array.from({ length: random.int(0, 2) }, () => random.pick(TAGS))])];
    for (const update of body.updates) {
      if (random.chance(0.03) && update.at + 15 * MINUTE <= now) update.updated_at = update.at + random.int(2, 15) * MINUTE;
    }
    drafts.push({ type, subject, components: impacted, tags, ...body });
  }
  drafts.sort((a, b) => a.updates[0].at - b.updates[0].at);
  let id = 0;
  return drafts.map((draft) => {
    id += random.chance(0.05) ? random.int(2, 6) : 1;
    return { id, ...draft };
  });
}

function joinNames(names) {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

// ---------------------------------------------------------------------------------------------
// Output

function noticeDocument(notice) {
  const { id, type, subject, components, tags, fields, updates } = notice;
  return {
    id,
    type,
    subject,
    ...(components.length > 0 ? { components } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...fields,
    updates: updates.map((u) => ({
      at: iso(u.at),
      ...(u.updated_at !== undefined ? { updated_at: iso(u.updated_at) } : {}),
      ...(u.state !== undefined ? { state: u.state } : {}),
      content: u.content,
    })),
  };
}

function componentDocument(component) {
  const { parent_id: parentId, position, ...rest } = component;
  return {
    id: rest.id,
    name: rest.name,
    description: rest.description,
    ...(parentId !== null ? { parent_id: parentId } : {}),
    ...(position !== undefined ? { position } : {}),
    created_at: rest.created_at,
    ...(rest.updated_at !== undefined ? { updated_at: rest.updated_at } : {}),
  };
}

function toYaml(value) {
  const doc = new YAML.Document(value);
  for (const key of ['components', 'tags']) {
    const node = doc.get(key);
    if (node) node.flow = true;
  }
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

/** Empties DIR for a new corpus; refuses a non-empty folder this script did not write. */
function prepareOut(dir) {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!existsSync(path.join(dir, MARKER))) {
      usage(`${dir} is not empty and was not written by gen-corpus.js; choose another --out`);
    }
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(path.join(dir, 'components'), { recursive: true });
  mkdirSync(path.join(dir, 'notices'), { recursive: true });
}

function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40).replace(/-$/, '');
}

function iso(ms) {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function roundTo(ms, unit) {
  return Math.floor(ms / unit) * unit;
}

function sum(list) {
  return list.reduce((a, b) => a + b, 0);
}

function cumulative(start, gaps) {
  let at = start;
  return gaps.map((gap) => (at += gap));
}

// ---------------------------------------------------------------------------------------------

function main() {
  const started = performance.now();
  const options = parseOptions(process.argv.slice(2));
  const random = createRandom(options.seed);
  const createdAt = roundTo(options.now - 5 * YEAR - 30 * DAY, DAY);
  const components = generateComponents(options.components, random, createdAt, options.shape);
  const notices = generateNotices(options.notices, components, random, options.now);

  prepareOut(options.out);
  const site = { name: 'Synthetic Status', url: 'https://status.example.com', created_at: iso(createdAt), metrics: true };
  writeFileSync(path.join(options.out, 'site.yaml'), toYaml(site));
  for (const component of components) {
    const file = path.join(options.out, 'components', `${component.id}-${slug(component.name)}.yaml`);
    writeFileSync(file, toYaml(componentDocument(component)));
  }
  for (const notice of notices) {
    const file = path.join(options.out, 'notices', `${notice.id}-${slug(notice.subject)}.yaml`);
    writeFileSync(file, toYaml(noticeDocument(notice)));
  }
  const marker = { generator: GENERATOR_HASH, notices: options.notices, components: options.components, seed: options.seed, now: iso(options.now), ...(options.shape ?? {}) };
  writeFileSync(path.join(options.out, MARKER), `${JSON.stringify(marker, null, 2)}\n`);

  const byType = (type) => notices.filter((n) => n.type === type).length;
  const last = (n) => n.updates.at(-1).state;
  const ongoing = notices.filter((n) => n.type === 'unplanned' && (last(n) === 'investigating' || last(n) === 'identified')).length;
  const future = notices.filter((n) => n.type === 'planned' && Date.parse(n.fields.begins_at) > options.now).length;
  const top = components.filter((c) => c.parent_id === null).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `gen-corpus: ${notices.length} notices (${byType('unplanned')} unplanned, ${ongoing} ongoing; ${byType('planned')} planned, ` +
    `${future} upcoming; ${byType('general')} general) and ${components.length} components (${top} top level) ` +
    `-> ${options.out} [seed ${options.seed}, now ${iso(options.now)}, ${seconds}s]`,
  );
}

main();
