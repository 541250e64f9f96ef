// The script `statuspress dev` adds to every page: it reloads the page when the content or a template
// changes, and shows the content's problems over the page while there are some.

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
