// Nothing of one audience's view (src/content/audience.ts) reaches another's targets: each view is
// derived and compared on its own, against its own part of the record, for its own targets, and its
// events are claimed in its own part (a public notice is an event of both, sent once to each
// audience's targets).
import { audienceView } from '../content/audience.js';
import type { AudienceName } from '../content/audience.js';
import { lineage } from '../derive/components.js';
import { deriveSite } from '../derive/index.js';
import type { DerivedSite } from '../derive/index.js';
import { COMMAND } from '../errors/command.js';
import type { Content, NotifyTarget } from '../content/types.js';
import { compare } from './events.js';
import type { NotifyEvent, Renumbered } from './events.js';
import { keptSent, snapshotOf } from './snapshot.js';
import type { AudiencePart, NotifyRecord, Snapshot } from './snapshot.js';
import { resolveTargets } from './targets.js';
import type { ResolvedTarget } from './targets.js';

/** One audience's run: its view, derived as of the build, and its own targets. */
export interface AudienceRun {
  name: AudienceName;
  content: Content;
  site: DerivedSite;
  current: Snapshot;
  /** Its own targets as its view lists them (components it does not see left out): those naming it, or, for the public, naming none. */
  configured: NotifyTarget[];
  targets: ResolvedTarget[];
  lines: ReadonlyMap<number, readonly number[]>;
  componentName: (id: number) => string | undefined;
}

/** Every audience's run, the public's first. `env` null: a dry run, which resolves no target. */
export function audienceRuns(full: Content, now: number, env: Readonly<Record<string, string | undefined>> | null): AudienceRun[] {
  const all = full.site.notify ?? [];
  // Every variable checked at once, before anything is read or written: one usage error names them all.
  if (env !== null) resolveTargets(all, env);
  return [null, ...Object.keys(full.site.audiences ?? {})].map((name) => {
    const content = audienceView(full, name);
    // A view lists the public targets too, in site.yaml's order (without their `audience`): only its own are this audience's to serve.
    const listed = all.filter((t) => t.audience === undefined || t.audience === name);
    const configured = (content.site.notify ?? []).filter((_, i) => (listed[i]?.audience ?? null) === name);
    const site = deriveSite(content, now);
    return {
      name,
      content,
      site,
      current: snapshotOf(site),
      configured,
      targets: env === null ? [] : resolveTargets(configured, env),
      lines: lineage(content.components),
      componentName: (id) => site.componentsById.get(id)?.source.name,
    };
  });
}

/** What one audience's comparison found, and its part of the record to write. */
export interface AudiencePlan {
  events: NotifyEvent[];
  alreadySent: string[];
  renumbered: Renumbered[];
  part: AudiencePart;
}

/** The part of `record` that is `name`'s; undefined when that audience has not been notified about yet. */
export const partOf = (record: NotifyRecord, name: AudienceName): AudiencePart | undefined => (name === null ? record : record.audiences?.get(name));

/**
 * The audience's events since `previous` (its part of the record; undefined: nothing known of it,
 * so nothing is sent and its facts are recorded, the reminders already due claimed: they are not
 * news of a change after this run), and its part of the record after this run.
 */
export function planAudience(run: AudienceRun, previous: AudiencePart | undefined, now: number, warnings: string[]): AudiencePlan {
  // The reminders' leads the targets ask for: each is an event of its own (a target gets its own lead's).
  const leads = run.configured.flatMap((t) => (t.reminderMs === null ? [] : [t.reminderMs]));
  const filters = run.configured.flatMap((t) => (t.components === null ? [] : [t.components]));
  if (previous === undefined) {
    const due = compare(run.current, run.site, leads).events.filter((e) => e.type === 'maintenance.reminder').map((e) => e.id);
    return { events: [], alreadySent: [], renumbered: [], part: { snapshot: run.current, sent: keptSent(new Map(), due, now) } };
  }
  const { snapshot, sent, unknown } = previous;
  const { events: all, renumbered, silent } = compare(snapshot, run.site, leads, filters);
  for (const r of renumbered) warnings.push(COMMAND.notifyIdsRenumbered.message(r));
  const events = all.filter((e) => !sent.has(e.id));
  // A notice that left the content stays in the record with the updates it had published: added
  // back, it is not announced again (even one a first run recorded), and what was posted meanwhile is.
  const notices = new Map([...snapshot.notices, ...run.current.notices]);
  const noticeComponents = new Map([...snapshot.noticeComponents, ...run.current.noticeComponents]);
  const noticePostmortems = new Map([...snapshot.noticePostmortems, ...run.current.noticePostmortems]);
  return {
    events,
    alreadySent: all.filter((e) => sent.has(e.id)).map((e) => e.id),
    renumbered,
    part: {
      snapshot: { ...run.current, notices, noticeComponents, noticePostmortems },
      sent: keptSent(sent, [...events.map((e) => e.id), ...silent.filter((id) => !sent.has(id))], now),
      ...(unknown === undefined ? {} : { unknown }),
    },
  };
}
