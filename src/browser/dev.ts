// The script `statuspress dev` adds to every page: it reloads the page when the content, a template
// or the clock changes it, shows the content's problems over the page while there are some, and
// lists the updates withheld until their time, counting down to each.
import { withheldText } from '../dev/clock-text.js';
import type { WithheldUpdate } from '../dev/clock-text.js';

const events = new EventSource('/__statuspress/events');
events.addEventListener('reload', () => location.reload());
events.addEventListener('problems', (event) => {
  const problems = JSON.parse((event as MessageEvent<string>).data) as string[];
  document.querySelector('.statuspress-dev-overlay')?.remove();
  if (problems.length === 0) return;
  const overlay = document.createElement('aside');
  overlay.className = 'statuspress-dev-overlay';
  overlay.setAttribute('role', 'alert');
  const heading = document.createElement('h2');
  heading.textContent = `${problems.length} problem${problems.length === 1 ? '' : 's'} in the content: the page shows the last version that built`;
  const list = document.createElement('pre');
  list.textContent = problems.join('\n');
  overlay.append(heading, list);
  document.body.append(overlay);
});

let countdown: ReturnType<typeof setInterval> | undefined;
events.addEventListener('withheld', (event) => {
  const { now, updates } = JSON.parse((event as MessageEvent<string>).data) as { now: number; updates: WithheldUpdate[] };
  document.querySelector('.statuspress-dev-withheld')?.remove();
  clearInterval(countdown);
  if (updates.length === 0) return;
  const panel = document.createElement('aside');
  panel.className = 'statuspress-dev-withheld';
  panel.setAttribute('role', 'status');
  const heading = document.createElement('h2');
  heading.textContent = `${updates.length} update${updates.length === 1 ? '' : 's'} withheld until ${updates.length === 1 ? 'its' : 'their'} time: the page reloads as each appears`;
  const list = document.createElement('pre');
  // The moment shown is the dev server's (it may be --now); the countdown runs from it at this page's pace.
  const received = Date.now();
  const show = (): void => {
    const at = now + (Date.now() - received);
    list.textContent = updates.map((u) => withheldText(u, at)).join('\n');
  };
  show();
  countdown = setInterval(show, 1_000);
  panel.append(heading, list);
  document.body.append(panel);
});
