// The component page's timeframe picker (built into a browser bundle). It computes uptime, MTTR and
// MTBF for any valid window with the build's own metrics code (the same module the API's answers come
// from, bundled, not copied), from the page's compact data file, so its figures are the API's to the
// digit. `?timeframe_start=…&timeframe_end=…` in the page's address opens that window.
import { figuresOf, resolveTimeframe } from '../derive/metrics.js';
import type { TimeframeProblem } from '../derive/metrics.js';
import { dayText, windowText } from '../render/site/format.js';
import { durationText } from '../render/site/text.js';
import { percentWords } from '../render/words.js';
import { parseDate } from '../time.js';

/** `2025-11-20` as the pages write a day: `20 Nov 2025`. */
const day = (date: string): string => dayText(Date.parse(`${date}T00:00:00Z`));

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
      return `The start must be at most 12 months ago (${day(problem.date)} or later).`;
    case 'after-today':
      return `The start must not be after today (${day(problem.date)}).`;
    case 'after-end':
      return 'The start must not be after the end.';
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
      error.textContent = 'Give both dates as yyyy-mm-dd.';
      return false;
    }
    const resolved = resolveTimeframe({ start, end }, data.now);
    if (!resolved.ok) {
      error.textContent = problemText(resolved.problem);
      return false;
    }
    const f = figuresOf(notices, resolved.timeframe);
    figure('window').textContent = windowText(resolved.timeframe.startDate, resolved.timeframe.endDate);
    figure('uptime').textContent = percentWords(f.impactSeconds, f.totalSeconds);
    figure('mttr').textContent = durationText(f.mttrSeconds);
    figure('mtbf').textContent = durationText(f.mtbfSeconds);
    figure('count').textContent = String(f.notices.length);
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
