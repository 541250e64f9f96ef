// The metrics result (spec "Metrics result"), with the calculations when asked for.
import type { DerivedComponent, DerivedSite } from '../derive/index.js';
import { computeMetrics, resolveTimeframe } from '../derive/metrics.js';
import type { MetricsFigures, TimeframeProblem } from '../derive/metrics.js';
import { apiHref } from '../routes/href.js';
import { API } from '../errors/api.js';
import { apiError } from '../routes/request.js';
import type { ApiError, Timeframe } from '../routes/request.js';
import { SITE, siteUrl } from '../routes/site.js';
import { TIMEFRAME_END, TIMEFRAME_START } from '../routes/table.js';
import { durationWords, percentWords } from './words.js';

/** The component whose metrics may be published, or the 404 that says why not. */
export function metricsComponent(site: DerivedSite, componentId: number): DerivedComponent {
  if (!site.site.metrics) throw apiError(API.noMetrics);
  const component = site.componentsById.get(componentId);
  if (!component) throw apiError(API.noRecord, { noun: 'component', id: componentId });
  if (!component.metrics) throw apiError(API.metricsTurnedOff, { id: componentId });
  return component;
}

/** The metrics result for any timeframe as of the site's `now`; throws the 404 or the 400 that says why not. */
export function metricsResult(
  site: DerivedSite,
  componentId: number,
  timeframe: Timeframe,
  showCalculations: boolean,
): Record<string, unknown> {
  const component = metricsComponent(site, componentId);
  const resolved = resolveTimeframe(timeframe, site.now);
  if (!resolved.ok) throw timeframeError(resolved.problem);
  return metricsBody(site, component, computeMetrics(site, componentId, resolved.timeframe), showCalculations);
}

/** The 400 for a timeframe outside the rules, naming the parameter as the request gave it. */
function timeframeError(problem: TimeframeProblem): ApiError {
  const key = { start: TIMEFRAME_START.key, end: TIMEFRAME_END.key }[problem.field];
  switch (problem.rule) {
    case 'more-than-12-months-ago':
      return apiError(API.timeframeTooOld, { key, date: problem.date });
    case 'after-today':
      return apiError(API.timeframeAfterToday, { key, date: problem.date });
    case 'after-end':
      return apiError(API.timeframeAfterEnd, { key, endKey: TIMEFRAME_END.key });
  }
}

/** The metrics result for figures already computed (the build shows one set with and without calculations). */
export function metricsBody(
  site: DerivedSite,
  component: DerivedComponent,
  f: MetricsFigures,
  showCalculations: boolean,
): Record<string, unknown> {
  const count = f.notices.length;
  const duration = (seconds: number): { seconds: number; words: string } => ({
    seconds,
    words: durationWords(seconds),
  });
  const uptime: Record<string, unknown> = { percent: f.percent, words: percentWords(f.impactSeconds, f.totalSeconds) };
  const mttr: Record<string, unknown> = duration(f.mttrSeconds);
  const mtbf: Record<string, unknown> = duration(f.mtbfSeconds);
  if (showCalculations) {
    uptime.calculation = `100 - ((total_impact_time / total_time) * 100) = 100 - ((${f.impactSeconds} / ${f.totalSeconds}) * 100) = ${f.percent}`;
    mttr.calculation =
      count === 0
        ? 'no notices in the timeframe, so 0'
        : `total_impact_time / notices = ${f.impactSeconds} / ${count} = ${f.mttrSeconds}`;
    mtbf.calculation =
      count === 0
        ? `no notices in the timeframe, so total_time = ${f.totalSeconds}`
        : `(total_time - total_impact_time) / notices = (${f.totalSeconds} - ${f.impactSeconds}) / ${count} = ${f.mtbfSeconds}`;
  }
  const { startDate, endDate } = f.timeframe;
  const result: Record<string, unknown> = {
    component: { id: component.id, name: component.source.name },
    timeframe_start: startDate,
    timeframe_end: endDate,
    percentage_uptime: uptime,
    mean_time_to_recovery: mttr,
    mean_time_between_failures: mtbf,
    url: siteUrl(site.site.url, SITE.component(component.id, { start: startDate, end: endDate })),
  };
  if (showCalculations) result.calculation_data_in_timeframe = calculationData(f, component.id);
  return result;
}

function calculationData(f: MetricsFigures, componentId: number): Record<string, unknown> {
  return {
    total_time: { seconds: f.totalSeconds, words: durationWords(f.totalSeconds) },
    total_impact_time: { seconds: f.impactSeconds, words: durationWords(f.impactSeconds) },
    notices: { href: apiHref(metricsNoticesRequest(f, componentId)), count: f.notices.length },
  };
}

/** The notice list that holds exactly the counted notices: its total_count equals their number. */
export function metricsNoticesRequest(f: Pick<MetricsFigures, 'timeframe'>, componentId: number) {
  const { span } = f.timeframe;
  return {
    endpoint: 'notices' as const,
    filter: { metricsComponentId: componentId, impactOverlaps: [span.start, span.end] as [number, number] },
    page: 1,
  };
}
