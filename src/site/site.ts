// The script of every page (built into a browser bundle, loaded with `defer`). Everything it does is
// an improvement on a page that already works without it: times in the reader's own zone, a page
// that follows an incident while it is open, and arrow keys between the days of an uptime bar.

const root = document.documentElement;

/** Every <time datetime> in the reader's zone; the UTC text stays as its title. */
function localTimes(): void {
  const format = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  for (const time of document.querySelectorAll<HTMLTimeElement>('time[datetime]')) {
    const date = new Date(time.dateTime);
    if (Number.isNaN(date.getTime()) || !time.dateTime.includes('T')) continue;
    time.title = time.textContent ?? '';
    time.textContent = format.format(date);
  }
}

/** Reloads the page when the status it shows has changed (checked every minute while it is visible). */
function followStatus(): void {
  // The page's state is spelt `under-maintenance`; the API may spell it `under_maintenance` (a site setting).
  const same = (text: string): string => text.replace(/_/g, '-');
  const shown = same(`${root.dataset.updated ?? ''} ${root.dataset.state ?? ''}`);
  const check = async (): Promise<void> => {
    if (document.visibilityState !== 'visible') return;
    try {
      const answer = await fetch(`${root.dataset.root ?? ''}api/v1/status.json`, { cache: 'no-store' });
      if (!answer.ok) return;
      const { page } = (await answer.json()) as { page: { updated_at: string; state: string } };
      if (same(`${page.updated_at} ${page.state}`) !== shown) location.reload();
    } catch {
      // Offline or the host is busy: try again next minute.
    }
  };
  setInterval(() => void check(), 60_000);
}

/** One tab stop per bar; the arrow keys, Home and End move between its days. */
function barKeys(): void {
  for (const bar of document.querySelectorAll<HTMLOListElement>('ol.bar')) {
    const days = [...bar.querySelectorAll<HTMLLIElement>(':scope > li')];
    days.forEach((day, i) => (day.tabIndex = i === days.length - 1 ? 0 : -1));
    bar.addEventListener('keydown', (event) => {
      const at = days.indexOf(event.target as HTMLLIElement);
      if (at < 0) return;
      const visible = days.filter((d) => d.offsetParent !== null);
      const here = visible.indexOf(days[at]!);
      const to = { ArrowLeft: here - 1, ArrowRight: here + 1, Home: 0, End: visible.length - 1 }[event.key];
      if (to === undefined || !visible[to]) return;
      event.preventDefault();
      days[at]!.tabIndex = -1;
      visible[to].tabIndex = 0;
      visible[to].focus();
    });
  }
}

localTimes();
followStatus();
barKeys();
