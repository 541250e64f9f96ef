// How soon V8 optimizes is set for statuspress's own processes only: the CLI's two entry points set
// it before their work, the templates' process is started with it, and the library never sets it
// for a program that embeds the build.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { renderProcessFlags } from '../../src/render/worker.js';
import { INTERRUPT_BUDGET, TIERING_FLAG } from '../../src/tiering.js';

it('is a flag V8 takes, larger than its default budget', () => {
  expect(TIERING_FLAG).toBe(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  const probe = spawnSync(process.execPath, [TIERING_FLAG, '-e', 'process.stdout.write("ran")'], { encoding: 'utf8' });
  expect(probe.stderr).toBe('');
  expect(probe.stdout).toBe('ran');
  const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
  const byDefault = Number(/--interrupt-budget=(\d+)/.exec(options)?.[1]);
  expect(INTERRUPT_BUDGET).toBeGreaterThan(byDefault);
});

it('is given to the templates’ process and set by both entry points before main()', () => {
  expect(renderProcessFlags()).toContain(TIERING_FLAG);
  for (const entry of ['bin/statuspress.js', 'src/cli-main.ts']) {
    const text = readFileSync(entry, 'utf8');
    expect(text.indexOf('tierUpLater();'), entry).toBeGreaterThan(-1);
    expect(text.indexOf('tierUpLater();'), entry).toBeLessThan(text.indexOf('await main('));
  }
});

it('is not set by the library', () => {
  for (const file of ['src/build.ts', 'src/cli.ts']) expect(readFileSync(file, 'utf8')).not.toMatch(/tierUpLater\(\)/);
});
