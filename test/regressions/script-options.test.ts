// The benchmarks and compare-output.js are run by hand: `--help` gives their usage, and a mistyped
// option one line, not node:util's stack trace.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './project.js';

const run = (script: string, ...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, 'scripts', script), ...args], { encoding: 'utf8', timeout: 20_000 });

describe('scripts/options.js', () => {
  it.each(['bench-dev.js', 'compare-output.js', 'bench-serve.js', 'bench-threads.js'])('%s --help prints its opening comment and starts nothing', (script) => {
    const result = run(script, '--help');
    expect(result.status).toBe(0);
    expect(result.stdout.startsWith(`${script}`)).toBe(true);
    expect(result.stdout).not.toMatch(/^\s*\*/m);
    expect(result.stderr).toBe('');
  });

  it('refuses an option the script does not take in one line, with exit code 2', () => {
    const result = run('bench-dev.js', '--edit', '3');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^bench-dev\.js: Unknown option '--edit'[^\n]* \(--help lists its options\)\n$/);
  });
});
