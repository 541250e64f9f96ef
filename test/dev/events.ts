// The dev server's event stream (`/__statuspress/events`) as a test reads it: every event seen, and
// ways to wait for the next ones.
import { get } from 'node:http';
import type { IncomingMessage } from 'node:http';

export class Events {
  readonly seen: { event: string; data: unknown }[] = [];
  private response: IncomingMessage | null = null;
  async open(url: string): Promise<void> {
    this.response = await new Promise<IncomingMessage>((resolve, reject) => get(`${url}/__statuspress/events`, resolve).on('error', reject));
    let buffer = '';
    this.response.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) this.seen.push({ event, data: data === undefined ? null : JSON.parse(data) });
      }
    });
  }
  /**
   * The next event after the ones seen so far, within 10 s; `withheld` events (which updates wait for
   * their time, sent on connecting and after each rebuild: test/dev/clock.test.ts) are passed over.
   */
  async next(): Promise<{ event: string; data: unknown }> {
    const count = this.seen.length;
    for (let waited = 0; waited < 10_000; waited += 20) {
      const found = this.seen.slice(count).find((e) => e.event !== 'withheld');
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no event within 10 s');
  }
  close(): void {
    this.response?.destroy();
  }
  /** Waits (10 s at most) until an event named `name` (and its data as `match` says) has been seen after the first `after` events. */
  async waitFor(name: string, after = 0, match: (data: unknown) => boolean = () => true): Promise<{ event: string; data: unknown }> {
    for (let waited = 0; waited < 10_000; waited += 10) {
      const found = this.seen.slice(after).find((e) => e.event === name && match(e.data));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${name} event within 10 s`);
  }
}
