// The previous state read from a site's address: the state file its last build published
// (`_statuspress/build.json`), read only, its content derived again as of its own `now`.
import { MAX_COMPONENT_DEPTH } from '../content/cross.js';
import { deriveSite } from '../derive/index.js';
import { fail } from '../errors/error.js';
import { COMMAND } from '../errors/command.js';
import { STATE_FORMAT } from '../render/state.js';
import type { BuildState } from '../render/state.js';
import { STATE_FILE } from '../routes/files.js';
import { parseTimestamp } from '../util/time.js';
import type { Component } from '../content/types.js';
import type { Previous } from './record.js';
import { snapshotOf } from './snapshot.js';
import { trimEndOf } from '../util/text.js';

/** `<site>/_statuspress/build.json`, unless the address names a .json file itself. */
export function stateAddress(site: string): string {
  return namesJsonFile(site) ? site : `${trimEndOf(site, '/')}/${STATE_FILE}`;
}

/**
 * Whether the address ends in `.json`, or in `.json?` and a query on the last line: what
 * /\.json(\?.*)?$/i says, without retrying from every `.json?` of a long run.
 */
function namesJsonFile(site: string): boolean {
  const lower = site.toLowerCase();
  if (lower.endsWith('.json')) return true;
  for (let q = lower.indexOf('?', lower.lastIndexOf('\n') + 1); q !== -1; q = lower.indexOf('?', q + 1)) {
    if (lower.endsWith('.json', q)) return true;
  }
  return false;
}

/** The largest state file read from a site: it holds the published content (each file of which is at most 1 MiB). */
export const MAX_STATE_BYTES = 64 * 2 ** 20;
const tooLarge = `the answer is larger than ${MAX_STATE_BYTES / 2 ** 20} MiB`;

/** The body as text, or null once it passes `max` bytes (the rest is not read). */
async function readAtMost(response: Response, max: number): Promise<string | null> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks).toString('utf8');
      size += value.byteLength;
      if (size > max) return null;
      chunks.push(value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * The previous build's facts from the state file the deployed site published. 404 is none (a first
 * deployment, or a host that does not serve `_statuspress/`); anything else but 200 and a state
 * file is `notify/previous-unreadable`, and so is an answer over MAX_STATE_BYTES or not complete
 * within `timeoutMs` (headers and body). A query and `Cache-Control: no-cache` ask caches for the
 * current file. `timeout` makes the signal that ends it (Transport's: a test cuts an answer it sees stall).
 */
export async function fetchSiteState(site: string, fetcher: typeof fetch, timeoutMs: number, timeout: (ms: number) => AbortSignal = (ms) => AbortSignal.timeout(ms)): Promise<Previous> {
  const address = stateAddress(site);
  const unreadable = (detail: string, cause?: unknown): never => {
    throw fail(COMMAND.notifyPreviousUnreadable, { from: address, detail, file: false }, cause === undefined ? {} : { cause });
  };
  let response: Response;
  try {
    const url = new URL(address);
    url.searchParams.set('statuspress-notify', String(Date.now()));
    response = await fetcher(url, { headers: { 'Cache-Control': 'no-cache', Accept: 'application/json' }, signal: timeout(timeoutMs) });
  } catch (error) {
    return unreadable((error as { name?: string }).name === 'TimeoutError' ? `no answer within ${Math.round(timeoutMs / 1000)} s` : String((error as { cause?: { code?: string } }).cause?.code ?? 'network error'), error);
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return response.status === 404 ? { kind: 'none' } : unreadable(`HTTP ${response.status}`);
  }
  if (Number(response.headers.get('content-length') ?? 0) > MAX_STATE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    return unreadable(tooLarge);
  }
  let text: string | null;
  try {
    text = await readAtMost(response, MAX_STATE_BYTES);
  } catch (error) {
    return unreadable((error as { name?: string }).name === 'TimeoutError' ? `no answer within ${Math.round(timeoutMs / 1000)} s` : 'the answer was cut off', error);
  }
  if (text === null) return unreadable(tooLarge);
  let state: Partial<BuildState>;
  try {
    state = JSON.parse(text) as Partial<BuildState>;
  } catch (error) {
    return unreadable('the answer is not JSON', error);
  }
  // Any JSON may come from a public address: only a state file with another format number is of another version.
  if (typeof state !== 'object' || state === null || Array.isArray(state) || typeof state.format !== 'number') return unreadable('not a statuspress state file');
  if (state.format !== STATE_FORMAT) return { kind: 'other-format' };
  const now = typeof state.now === 'string' ? parseTimestamp(state.now) : null;
  if (now === null || state.content === undefined) return unreadable('not a statuspress state file');
  try {
    // Whatever a public address answers: a tree no valid build has would cost components × depth to derive.
    if (tooDeep(state.content.components)) throw new Error(`components nested deeper than ${MAX_COMPONENT_DEPTH} levels, or in a cycle`);
    // The facts only: what was sent is not published, so nothing counts as sent.
    // A private audience's build says whose view it is: only that audience's targets may be compared with it.
    const audience = state.content.site.private?.audience ?? null;
    if (audience !== null && typeof audience !== 'string') throw new Error('an audience that is no name');
    return { kind: 'found', record: { snapshot: snapshotOf(deriveSite(state.content, now)), sent: new Map() }, audience };
  } catch (error) {
    return unreadable('not a statuspress state file', error);
  }
}

/** Whether a component lies deeper than validation allows (a cycle does): each chain walked at most that far. */
function tooDeep(components: readonly Component[]): boolean {
  const parent = new Map(components.map((c) => [c.id, c.parentId]));
  return components.some((c) => {
    let id: number | null | undefined = c.id;
    for (let level = 0; id !== null && id !== undefined; level++) {
      if (level === MAX_COMPONENT_DEPTH) return true;
      id = parent.get(id);
    }
    return false;
  });
}
