// The `map` blocks of the nginx configuration, from the routing table: one per query parameter whose
// value is its piece of the prebuilt file's path, one per endpoint that finds the first problem of a
// query for a JSON 400, and the variables the locations read them by.
import { API } from '../errors/api.js';
import { isFilterKey } from '../routes/params.js';
import { PAGE } from '../routes/table.js';
import type { Endpoint, Param } from '../routes/table.js';
import { END, ID, keyPattern, pairStart, TIMESTAMP, valuePattern } from './regex.js';

/** The table's endpoints by shape; maps and locations are written in this order. */
export function byShape(endpoints: readonly Endpoint[]): { plain: Endpoint[]; lists: Endpoint[]; withOptions: Endpoint[] } {
  return {
    plain: endpoints.filter((e) => !e.paged && e.params.length === 0),
    lists: endpoints.filter((e) => e.paged),
    withOptions: endpoints.filter((e) => !e.paged && e.params.length > 0),
  };
}

const inFile = (endpoint: Endpoint): Param[] => endpoint.params.filter((p) => p.prebuilt !== 'none');
const onDemandOnly = (endpoint: Endpoint): Param[] => endpoint.params.filter((p) => p.prebuilt === 'none');

/** A list's parameter: `$statuspress_<list's initial>_<segment>` (`$statuspress_n_type_eq`). */
const listVar = (endpoint: Endpoint, param: Param): string => `$statuspress_${endpoint.name[0]}_${param.segment}`;
/** An option of another endpoint: named for the last word of its segment (`$statuspress_calculations`). */
const optionVar = (param: Param): string => `$statuspress_${param.segment.replace(/^.*_/, '')}`;
/** The variable holding the endpoint's first query problem (empty when there is none). */
export const errorVar = (endpoint: Endpoint): string => `$statuspress_${endpoint.name}_error`;

/** Keys as one alternation, their common start factored out: `timeframe_(?:start|end)`. */
function keysPattern(keys: string[]): { pattern: string; common: string } {
  let common = keys[0] ?? '';
  for (const key of keys) while (!key.startsWith(common)) common = common.slice(0, -1);
  const rests = keys.map((key) => keyPattern(key.slice(common.length)));
  return { pattern: keyPattern(common) + (keys.length > 1 ? `(?:${rests.join('|')})` : rests[0]), common };
}

/** Set (to 1) when the query holds a parameter no file answers; null when the endpoint has none. */
export function onDemandVar(endpoint: Endpoint): string | null {
  const keys = onDemandOnly(endpoint).map((p) => p.key);
  return keys.length ? `$statuspress_${keysPattern(keys).common.replace(/_$/, '') || `${endpoint.name}_on_demand`}` : null;
}

/** The path pieces of a list's parameters, to write between `q/` and `page=` (each ends in `/`). */
export const listSegmentVars = (endpoint: Endpoint): string => endpoint.params.map((p) => `\${${listVar(endpoint, p).slice(1)}}`).join('');
/** The path pieces of an endpoint's options, to write before `.json` (each starts with `/`). */
export const optionSegmentVars = (endpoint: Endpoint): string => inFile(endpoint).map(optionVar).join('');

const SPELLINGS = { true: '(?:true|1)', false: '(?:false|0)' };

/** A map whose value is the parameter's path segment (`type_eq=planned`), `wrap`ped, or empty. */
function segmentMap(name: string, param: Param, wrap: (segment: string) => string): string {
  const start = pairStart(param.key);
  switch (param.kind.type) {
    case 'boolean': {
      const rules = [true, false]
        .filter((value) => value !== param.default)
        .map((value) => `"~${start}${SPELLINGS[`${value}`]}${END}" "${wrap(`${param.segment}=${value}`)}";`);
      return `map $args ${name} { ${rules.join(' ')} default ""; }`;
    }
    case 'id':
    case 'enum':
    case 'date':
      return `map $args ${name} { "~${start}(${valuePattern(param)})${END}" "${wrap(`${param.segment}=$1`)}"; default ""; }`;
    case 'timestamps': {
      // With milliseconds, or without (then .000): the file name always carries them.
      const withMs = `${TIMESTAMP}[.]([0-9]{3})Z`;
      const withoutMs = `${TIMESTAMP}Z`;
      // Anchored to the first and second occurrence: an unanchored search would find either.
      const key = keyPattern(param.key);
      const others = `(?:(?!${key}=)[^&]*&)*`;
      const first = `^${others}${key}=`;
      const second = `${first}[^&]*&${others}${key}=`;
      return [
        ...[first, second].map((at, i) => `map $args ${name}_${i + 1} { "~${at}${withMs}${END}" "$1$2$3T$4$5$6.$7Z"; "~${at}${withoutMs}${END}" "$1$2$3T$4$5$6.000Z"; default ""; }`),
        `map "${name}_1,${name}_2" ${name} { "," ""; default "${wrap(`${param.segment}=${name}_1,${name}_2`)}"; }`,
      ].join('\n');
    }
  }
}

/** Every map that reads the query: the page, each list parameter, each option, and what is answered on demand only. */
export function queryMaps(endpoints: readonly Endpoint[]): string[] {
  const { lists, withOptions } = byShape(endpoints);
  const maps = lists.length ? [`map $args $statuspress_page { "~(?:^|&)${PAGE}=(${ID})${END}" $1; default 1; }`] : [];
  for (const list of lists) maps.push(...list.params.map((p) => segmentMap(listVar(list, p), p, (s) => `${s}/`)));
  for (const endpoint of withOptions) {
    maps.push(...inFile(endpoint).map((p) => segmentMap(optionVar(p), p, (s) => `/${s}`)));
    const variable = onDemandVar(endpoint);
    if (variable) maps.push(`map $args ${variable} { "~(?:^|&)${keysPattern(onDemandOnly(endpoint).map((p) => p.key)).pattern}=" 1; default ""; }`);
  }
  // Endpoints sharing an option share its map; two different maps for one variable would make nginx refuse the file.
  const unique = [...new Set(maps)];
  const names = unique.flatMap((map) => map.split('\n').map((line) => line.split(' ')[2]!));
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`Two parameters of the routing table need the nginx variable ${twice}: give one another segment (or its list another initial)`);
  return unique;
}

/**
 * Rules for 400s, first match wins: repeated filters and page, unknown filter, repeated options,
 * malformed values. Each value is the message of the catalogue's entry, without what the client
 * sent (nginx cannot echo it safely), as `statuspress serve` words the same problem.
 */
function errorMap(endpoint: Endpoint): string {
  const filters = endpoint.params.filter((p) => isFilterKey(p.key));
  const options = endpoint.params.filter((p) => !isFilterKey(p.key));
  const singles = (params: Param[]): string[] => params.filter((p) => p.kind.type !== 'timestamps').map((p) => p.key);
  const repeated = (key: string): string => `"~${pairStart(key)}[^&]*&(?:.*&)?${keyPattern(key)}=" "${API.repeatedParameter.message({ key })}";`;
  const rules = [...singles(filters), ...(endpoint.paged ? [PAGE] : [])].map(repeated);
  const known = filters.map((p) => keyPattern(p.key).replace(/^filter/, ''));
  // The key is echoed only from characters that cannot break out of the JSON string.
  const unknown = known.length ? `(?:^|&)(?!filter(?:${known.join('|')})=)(filter[]A-Za-z0-9_%[]{0,64})` : '(?:^|&)(filter[]A-Za-z0-9_%[]{0,64})';
  rules.push(`"~${unknown}" "${API.unknownFilter.message({ key: '$1', accepted: filters.map((p) => p.key) })}";`, ...singles(options).map(repeated));
  for (const param of [...filters, ...options]) {
    rules.push(`"~${pairStart(param.key)}(?!${valuePattern(param)}${END})" "${API.badValue.message({ key: param.key, kind: param.kind })}";`);
    if (param.kind.type !== 'timestamps') continue;
    const k = keyPattern(param.key);
    const twice = API.timestampsCount.message({ key: param.key });
    rules.push(`"~${pairStart(param.key)}[^&]*&(?:.*&)?${k}=[^&]*&(?:.*&)?${k}=" "${twice}";`);
    rules.push(`"~^(?!(?:.*&)?${k}=[^&]*&(?:.*&)?${k}=)(?:.*&)?${k}=" "${twice}";`);
  }
  if (endpoint.paged) rules.push(`"~(?:^|&)${PAGE}=(?!${ID}${END})" "${API.badValue.message({ key: PAGE, kind: { type: 'page' } })}";`);
  return `map $args ${errorVar(endpoint)} {\n  ${rules.join('\n  ')}\n  default "";\n}`;
}

/** One error map per endpoint: those without parameters, then lists, then those with options. */
export function errorMaps(endpoints: readonly Endpoint[]): string[] {
  const { plain, lists, withOptions } = byShape(endpoints);
  return [...plain, ...lists, ...withOptions].map(errorMap);
}
