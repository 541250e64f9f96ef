// The view stage, right after validation: the content one audience sees. Everything after it
// (derivation, rendering, the state file, notify's events) works from the view alone, so an audience's
// output cannot hold what it does not see: the view of the public is exactly the content validated
// with the private parts deleted (their files, site.yaml's `audiences`, the targets with an
// `audience`, the private ids in public notices' `components`), and each audience's view the same
// against the parts of the others.
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import type { Component, Content, Notice, NotifyTarget, SiteConfig } from './types.js';

/** null: the public. */
export type AudienceName = string | null;

/** The content `audience` sees; a usage error when the site has no such audience. */
export function audienceView(content: Content, audience: AudienceName): Content {
  const { audiences } = content.site;
  // Own keys only: `constructor` or `__proto__` is no audience, though every object answers to it.
  if (audience !== null && (audiences === undefined || !Object.hasOwn(audiences, audience))) throw fail(COMMAND.unknownAudience, { value: audience, known: Object.keys(audiences ?? {}) });
  // Validation lets no `audience` through without site.yaml's `audiences`: then all is public.
  if (audiences === undefined) return content;
  const sees = (names: string[] | undefined): boolean => names === undefined || (audience !== null && names.includes(audience));
  const inherited = inheritedAudiences(content.components);
  const components = content.components.filter((c) => sees(inherited.get(c.id))).map(withoutAudience);
  const visible = new Set(components.map((c) => c.id));
  const notices = content.notices
    .filter((n) => sees(n.audience))
    .map((n) => {
      const shown = withoutAudience(n);
      return n.components.every((id) => visible.has(id)) ? shown : { ...shown, components: n.components.filter((id) => visible.has(id)) };
    });
  return { site: siteView(content.site, audience, visible), components, notices };
}

/** The ids of the components and notices `audience` sees: the parts its view keeps. */
export function seenParts(content: Content, audience: AudienceName): { components: Set<number>; notices: Set<number> } {
  const view = audienceView(content, audience);
  return { components: new Set(view.components.map((c) => c.id)), notices: new Set(view.notices.map((n) => n.id)) };
}

/** The audiences each component is seen by, its parents' when it names none; absent: public. */
function inheritedAudiences(components: Component[]): Map<number, string[] | undefined> {
  const byId = new Map(components.map((c) => [c.id, c]));
  const memo = new Map<number, string[] | undefined>();
  const of = (component: Component): string[] | undefined => {
    if (memo.has(component.id)) return memo.get(component.id);
    const parent = component.parentId === null ? undefined : byId.get(component.parentId);
    // Validation refuses cycles, so the walk up ends.
    const names = component.audience ?? (parent === undefined ? undefined : of(parent));
    memo.set(component.id, names);
    return names;
  };
  for (const component of components) of(component);
  return memo;
}

function withoutAudience<T extends Component | Notice>(part: T): T {
  return part.audience === undefined ? part : without(part, 'audience');
}

/** `value` without its key `key`, the others in their order (as the model of a file without it). */
function without<T extends object, K extends keyof T>(value: T, key: K): T {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

/**
 * The site as `audience` sees it: without `audiences`, with the targets that are its own or public
 * (and of their components the ones it sees); a private audience's named and addressed as its own,
 * and marked private for its host files.
 */
function siteView(site: SiteConfig, audience: AudienceName, visible: Set<number>): SiteConfig {
  const { audiences, ...rest } = site;
  const targetView = (t: NotifyTarget): NotifyTarget => {
    const target = without(t, 'audience');
    return target.components === null || target.components.every((id) => visible.has(id)) ? target : { ...target, components: target.components.filter((id) => visible.has(id)) };
  };
  const notify = site.notify?.filter((t) => t.audience === undefined || t.audience === audience).map(targetView);
  // A list left empty is left out, as its owner deleting those targets would delete the key.
  const others = without(rest, 'notify');
  const view: SiteConfig = notify === undefined || (notify.length === 0 && site.notify!.length > 0) ? others : { ...rest, notify };
  if (audience === null) return view;
  const own = audiences![audience]!;
  return { ...view, name: own.name, url: own.url, private: { audience, passwordFile: own.passwordFile } };
}
