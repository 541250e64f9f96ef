// The query parameters of the list endpoints as data: the order here is the order of the segments in
// prebuilt file paths (files.ts) and of the pairs in printed links (href.ts), and the generated host
// configurations (src/hosting) are written from this table, so a new filter reaches them all.
import { NOTICE_TYPES, TIMELINE_STATES } from '../types.js';

export type ParamKind =
  | { type: 'boolean' }
  | { type: 'id' }
  | { type: 'enum'; values: readonly string[] }
  /** Given twice: start, then end. */
  | { type: 'timestamps' };

export interface ListParam {
  /** The query key as clients send it. */
  key: string;
  /** Name in path segments (`type_eq=planned`). */
  segment: string;
  kind: ParamKind;
  /**
   * False when the build prebuilds lists with this filter only together with a timeframe (the
   * metrics links): hosts that cannot capture the timeframe need no rules for it.
   */
  prebuiltWithoutTimeframe: boolean;
}

export const TIMELINE_FILTER_VALUES = [...TIMELINE_STATES, 'past'] as const;

export const COMPONENT_PARAMS: readonly ListParam[] = [
  { key: 'filter[parent_id_null]', segment: 'parent_id_null', kind: { type: 'boolean' }, prebuiltWithoutTimeframe: true },
  { key: 'filter[parent_id_eq]', segment: 'parent_id_eq', kind: { type: 'id' }, prebuiltWithoutTimeframe: true },
];

export const NOTICE_PARAMS: readonly ListParam[] = [
  { key: 'filter[type_eq]', segment: 'type_eq', kind: { type: 'enum', values: NOTICE_TYPES }, prebuiltWithoutTimeframe: true },
  {
    key: 'filter[timeline_state_eq]',
    segment: 'timeline_state_eq',
    kind: { type: 'enum', values: TIMELINE_FILTER_VALUES },
    prebuiltWithoutTimeframe: true,
  },
  { key: 'filter[metrics_component_id]', segment: 'metrics_component_id', kind: { type: 'id' }, prebuiltWithoutTimeframe: false },
  { key: 'filter[impact_timeframe_overlaps][]', segment: 'impact_timeframe_overlaps', kind: { type: 'timestamps' }, prebuiltWithoutTimeframe: true },
];

export const METRICS_PARAMS = {
  start: 'timeframe_start',
  end: 'timeframe_end',
  calculations: 'show_calculations',
} as const;

/** Prebuilt metrics with calculations live at this segment below `components/<id>/metrics/`. */
export const CALCULATIONS_SEGMENT = 'show_calculations=true';
