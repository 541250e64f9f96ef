// The component page's timeframe picker (built into a browser bundle). It computes uptime, MTTR and
// MTBF for any valid window with the build's own metrics code (the same module the API's answers come
// from, bundled, not copied), from the page's compact data file, so its figures are the API's to the
// digit. `?timeframe_start=…&timeframe_end=…` in the page's address opens that window.
import { figuresOf, resolveTimeframe } from '../derive/metrics.js';
import type { TimeframeProblem } from '../derive/metrics.js';
import { formatDate } from '../i18n/dates.js';
import { makeMessages } from '../i18n/make.js';
import type { Messages } from '../i18n/make.js';
import type { Catalogue } from '../i18n/types.js';
import { durationText } from '../render/site/text.js';
import { uptimeHundredths } from '../derive/uptime.js';
import { parseDate } from '../util/time.js';

/** The page's messages for the picker (its form's `data-messages`), in the site's language. */
function pageMessages(): Messages {
  const form = document.querySelector<HTMLElement>('form.picker');
  const given = JSON.parse(form?.dataset.messages || '{}') as { locale?: string; messages?: Catalogue };
  return makeMessages(given.locale ?? 'en', given.messages ?? {});
}

const m = pageMessages();

/** `2025-11-20` as the pages write a day: `20 Nov 2025`. */
const day = (date: string): string => formatDate(Date.parse(`${date}T00:00:00Z`), m.locale, 'UTC');
const windowText = (start: string, end: string): string => m.t('time.range', { from: day(start), to: day(end) });

/** The data file: the build's `now`, and each counting notice as [id, impact start, impact end]. */
interface Data {
  now: number;
  notices: [number, number, number][];
}

const START = 'timeframe_start';
const END = 'timeframe_end';

function problemText(problem: TimeframeProblem): string {
  switch (problem.rule) {
    case 'more-than-12-months-ago':
      return m.t('picker.tooEarly', { date: day(problem.date) });
    case 'after-today':
      return m.t('picker.afterToday', { date: day(problem.date) });
    case 'after-end':
      return m.t('picker.afterEnd');
  }
}

async function main(): Promise<void> {
  const section = document.querySelector<HTMLElement>('section.metrics');
  const form = section?.querySelector<HTMLFormElement>('form.picker');
  if (!section || !form || !section.dataset.data) return;
  const data = (await (await fetch(section.dataset.data)).json()) as Data;
  const notices = data.notices.map(([id, start, end]) => ({ id, impact: { start, end } }));
  const figure = (name: string): HTMLElement => section.querySelector<HTMLElement>(`[data-figure="${name}"]`)!;
  const error = form.querySelector<HTMLElement>('.picker-error')!;
  const input = (name: string): HTMLInputElement => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

  const show = (startText: string, endText: string): boolean => {
    const start = parseDate(startText);
    const end = parseDate(endText);
    error.textContent = '';
    if (start === null || end === null) {
      error.textContent = m.t('picker.bothDates');
      return false;
    }
    const resolved = resolveTimeframe({ start, end }, data.now);
    if (!resolved.ok) {
      error.textContent = problemText(resolved.problem);
      return false;
    }
    const f = figuresOf(notices, resolved.timeframe);
    figure('window').textContent = windowText(resolved.timeframe.startDate, resolved.timeframe.endDate);
    figure('uptime').textContent = m.percent(uptimeHundredths(f.impactSeconds, f.totalSeconds));
    figure('mttr').textContent = durationText(f.mttrSeconds, m);
    figure('mtbf').textContent = durationText(f.mtbfSeconds, m);
    figure('count').textContent = m.number(f.notices.length);
    input(START).value = resolved.timeframe.startDate;
    input(END).value = resolved.timeframe.endDate;
    return true;
  };

  // The browser's own validation (a date left empty) blocks the submit before it reaches the script:
  // a message from an earlier attempt would stay beside the browser's, saying something else.
  form.addEventListener('invalid', () => (error.textContent = ''), true);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (show(input(START).value, input(END).value)) {
      const url = new URL(location.href);
      url.searchParams.set(START, input(START).value);
      url.searchParams.set(END, input(END).value);
      history.replaceState(null, '', url);
    }
  });
  const query = new URLSearchParams(location.search);
  if (query.has(START) || query.has(END)) show(query.get(START) ?? input(START).value, query.get(END) ?? input(END).value);
  section.dataset.ready = 'true';
}

void main();
