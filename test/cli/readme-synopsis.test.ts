// README.md's command synopsis lists every option of the authoring commands, so a reader of the
// README finds --lang (and its --update, --subject, and new's --subject-translation and the rest),
// and init's --locale and --time-zone, as `--help` shows them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/cli/command.js';
import { init } from '../../src/cli/init.js';
import { newFile } from '../../src/cli/new.js';
import { postmortem } from '../../src/cli/postmortem.js';
import { resolve } from '../../src/cli/resolve.js';
import { update } from '../../src/cli/update.js';
import { ROOT } from '../helpers/cli.js';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The synopsis lines of `name`: its `statuspress NAME` lines and the indented lines after each. */
function synopsis(name: string): string {
  const lines = README.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith(`statuspress ${name} `)) return;
    found.push(line);
    for (let j = i + 1; j < lines.length && /^ {10,}\S/.test(lines[j]!); j++) found.push(lines[j]!);
  });
  return found.join('\n');
}

describe('README synopsis', () => {
  it.each([newFile, update, resolve, postmortem, init] as Command[])('lists every option of $name', (command) => {
    const text = synopsis(command.name);
    expect(text).not.toBe('');
    const missing = Object.keys(command.flags).filter((flag) => flag !== 'help' && !text.includes(`--${flag}`));
    expect(missing).toEqual([]);
  });
});
