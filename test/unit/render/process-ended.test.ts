// How the end of the process of a site's own templates is told: by V8's last words on its stderr
// when memory ran out (of its heap, or of what the process could get), else by the signal or the
// exit code and those words.
import { expect, it } from 'vitest';
import { processEnded } from '../../../src/render/template-process.js';
import type { StatuspressError } from '../../../src/errors/error.js';

const page = { renders: 'templates/notice.hbs', title: 'Notice 7', file: 'templates/notice.hbs' };
const ended = (code: number | null, signal: NodeJS.Signals | null, stderr: string): StatuspressError => processEnded(page, code, signal, stderr) as StatuspressError;

it('names running out of memory, of the heap or of the process, whatever V8 printed it as', () => {
  for (const stderr of [
    'FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory',
    '<--- Last few GCs --->\n[123:0x5]  1500 ms: Mark-Compact (reduce) 760.1 (771.3) -> 760.0 (769.1) MB\nReached heap limit',
    'FATAL ERROR: NewSpace::EnsureCurrentCapacity Allocation failed - process out of memory',
    '#\n# Fatal process out of memory: base::SmallVector::Grow\n#',
  ]) {
    const error = ended(null, 'SIGABRT', stderr);
    expect(error.code, stderr).toBe('usage/template-out-of-memory');
    expect(error.location?.file).toBe('templates/notice.hbs');
  }
});

it('otherwise says how it ended: the signal or exit code, and the last lines it printed', () => {
  const killed = ended(null, 'SIGKILL', '');
  expect(killed.code).toBe('usage/template-process-ended');
  expect(killed.message).toContain('SIGKILL');
  const crashed = ended(1, null, 'Error: something\n    at a\n    at b\n    at c');
  expect(crashed.code).toBe('usage/template-process-ended');
  expect(crashed.message).toContain('exit code 1');
  expect(crashed.message).toContain('at c');
});
