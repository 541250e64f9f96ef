// Parameters marked `every` are prebuilt in every combination (both booleans, each enum value, every
// id the site has); `linked` only where an answer links to them (the metrics renderer adds those
// lists), and `none` never.
import type { DerivedSite } from '../derive/index.js';
import { requestOf } from '../routes/fields.js';
import type { ApiRequest } from '../routes/request.js';
import type { Endpoint, Param } from '../routes/table.js';

type IdsOf = 'components' | 'notices';

function ids(site: DerivedSite, of: IdsOf): number[] {
  return (of === 'components' ? site.components : site.notices).map((record) => record.id);
}

/** The values a parameter takes in prebuilt files; undefined is "not given" (its default, if it has one). */
function prebuiltValues(site: DerivedSite, param: Param): unknown[] {
  if (param.prebuilt !== 'every') return [undefined];
  const { kind } = param;
  const given =
    kind.type === 'boolean' ? [true, false] : kind.type === 'enum' ? kind.values : kind.type === 'id' ? ids(site, kind.of) : [];
  return [undefined, ...given.filter((value) => value !== param.default)];
}

/** Every combination of the endpoint's prebuilt parameter values, for each id of its path (page 1 of lists). */
export function prebuiltRequests(site: DerivedSite, endpoint: Endpoint): ApiRequest[] {
  let combinations: Map<Param, unknown>[] = [new Map()];
  for (const param of endpoint.params) {
    combinations = combinations.flatMap((values) =>
      prebuiltValues(site, param).map((value) => (value === undefined ? values : new Map([...values, [param, value]]))),
    );
  }
  const pathIds = endpoint.id ? ids(site, endpoint.id.of) : [undefined];
  return pathIds.flatMap((id) => combinations.map((values) => requestOf(endpoint, { id, values })));
}
