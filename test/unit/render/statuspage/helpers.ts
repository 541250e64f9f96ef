// Small sites built in memory (test/helpers/content.ts) and read through the API as a client would:
// any address, v1 or v2, routed and answered by the build's own code.
import { deriveSite } from '../../../../src/derive/index.js';
import type { DerivedSite } from '../../../../src/derive/index.js';
import { answer, serialize } from '../../../../src/render/answer.js';
import { route } from '../../../../src/routes/index.js';
import type { Content } from '../../../../src/content/types.js';
import type { Json } from '../../../helpers/build.js';
import { nonUtcTimestamps, statuspageFactProblems } from '../../../helpers/statuspage-facts.js';
import { conformanceProblems } from '../../../schemas/api.js';
import { STATUSPAGE_ADDRESSES, STATUSPAGE_ANSWERS } from '../../../schemas/statuspage.js';

export const NOW = '2026-11-20T12:00:00Z';

/** The answer to an address, parsed from the bytes a build would write. */
export function getter(site: DerivedSite): (address: string) => Json {
  return (address) => {
    const r = route(address);
    if (r.kind !== 'api') throw new Error(`${address}: ${r.kind === 'error' ? r.error.message : 'not an API address'}`);
    return JSON.parse(serialize(answer(site, r.request)));
  };
}

export interface V2Site {
  site: DerivedSite;
  get: (address: string) => Json;
  /** Component id → status in components.json. */
  statuses: () => Record<string, string>;
  /** Ids of an answer's incidents or maintenances. */
  ids: (address: string) => string[];
  /** Every problem: Statuspage's schemas, UTC timestamps, and the facts against the spec API. */
  problems: () => string[];
}

export function v2Site(content: Content, now = NOW): V2Site {
  const site = deriveSite(content, Date.parse(now));
  const get = getter(site);
  return {
    site,
    get,
    statuses: () => Object.fromEntries(get('/api/v2/components').components.map((c: Json) => [c.id, c.status])),
    ids: (address) => {
      const body = get(address);
      return (body.incidents ?? body.scheduled_maintenances).map((i: Json) => i.id);
    },
    problems: () => [
      ...STATUSPAGE_ADDRESSES.flatMap((a) => [...conformanceProblems(STATUSPAGE_ANSWERS[a], get(a)), ...nonUtcTimestamps(get(a))].map((p) => `${a} ${p}`)),
      ...statuspageFactProblems(get),
    ],
  };
}
