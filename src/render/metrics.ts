// The metrics result (spec "Metrics result"), with the calculations when asked for.
import type { DerivedComponent, DerivedSite } from '../derive/index.js';
import { computeMetrics, resolveTimeframe } from '../derive/metrics.js';
import type { MetricsFigures } from '../derive/metrics.js';
import { apiHref } from '../routes/href.js';
import { notFound } from '../routes/request.js';
import type { Timeframe } from '../routes/request.js';
import { durationWords, percentWords } from './words.js';

/** The component whose metrics may be published, or the 404 that says why not. */
export function metricsComponent(site: DerivedSite, componentId: number): DerivedComponent {
  if (!site.site.metrics) throw notFound('This status page does not publish metrics');
  const component = site.componentsById.get(componentId);
  if (!component) throw notFound(`No component with id ${componentId}`);
  if (!component.metrics) throw notFound(`Metrics are turned off for component ${componentId}`);
  return component;
}

export function metricsResult(
  site: DerivedSite,
  componentId: number,
  timeframe: Timeframe,
  showCalculations: boolean,
): Record<string, unknown> {
  const component = metricsComponent(site, componentId);
  return metricsBody(site, component, computeMetrics(site, componentId, resolveTimeframe(timeframe, site.now)), showCalculations);
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
    url: `${site.site.url}/components/${component.id}/?timeframe_start=${startDate}&timeframe_end=${endDate}`,
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
