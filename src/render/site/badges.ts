// SVG badges in the flat style people know from shields.io: the page's state, and each component's
// state (and uptime, with metrics). Every text is escaped; widths are estimated from Verdana's.
import type { DerivedComponent, DerivedSite } from '../../derive/index.js';
import { defaultMetrics } from '../../derive/metrics.js';
import type { State } from '../../content/types.js';
import { uptimeHundredths } from '../../derive/uptime.js';
import { langOf } from './format.js';

const COLOUR: Record<State, string> = { operational: '#1a7f37', degraded: '#9a4d00', 'under-maintenance': '#0550ae' };

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** Width in pixels of text in 11 px Verdana, near enough: narrow, wide and the rest. */
function textWidth(text: string): number {
  let width = 0;
  for (const c of text) width += /[ijlI.,:;!'|]/.test(c) ? 3.5 : /[mwMW@%]/.test(c) ? 10.5 : /[A-Z0-9#&]/.test(c) ? 7.5 : c.charCodeAt(0) > 0x2e7f ? 11 : 6.5;
  return Math.ceil(width);
}

/** One badge: `label | message`, the message on the state's colour. */
export function badge(label: string, message: string, state: State): string {
  const shown = [...label].length > 40 ? `${[...label].slice(0, 39).join('')}…` : label;
  const left = textWidth(shown) + 12;
  const right = textWidth(message) + 12;
  const title = escapeXml(`${shown}: ${message}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${left + right}" height="20" role="img" aria-label="${title}"><title>${title}</title>` +
    `<rect width="${left}" height="20" fill="#555"/><rect x="${left}" width="${right}" height="20" fill="${COLOUR[state]}"/>` +
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">` +
    `<text x="${left / 2}" y="14">${escapeXml(shown)}</text><text x="${left + right / 2}" y="14">${escapeXml(message)}</text></g></svg>\n`;
}

/** `badges/status.svg`: the page's state. */
export function statusBadge(site: DerivedSite): string {
  const { m } = langOf(site.site);
  return badge(m.t('badge.status'), m.t(`badge.${site.page.state}`), site.page.state);
}

/** `badges/components/<id>.svg`: the component's state, and its uptime over the past 30 days with metrics on. */
export function componentBadge(site: DerivedSite, component: DerivedComponent): string {
  const { m } = langOf(site.site);
  let message = m.t(`badge.${component.state}`);
  if (component.metrics) {
    const figures = defaultMetrics(site, component.id);
    message += ` · ${m.percent(uptimeHundredths(figures.impactSeconds, figures.totalSeconds))}`;
  }
  return badge(component.source.name, message, component.state);
}
