// The options a command's --help speaks of are options of that command: `resolve --help` must not
// send a reader to a --subject that resolve refuses as unknown.
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/cli/command.js';
import { postmortem } from '../../src/cli/postmortem.js';
import { resolve } from '../../src/cli/resolve.js';
import { update } from '../../src/cli/update.js';

describe('--help descriptions', () => {
  it.each([update, resolve, postmortem] as Command[])('of $name name only its own options', (command) => {
    const flags = Object.keys(command.flags);
    const named = Object.values(command.flags).flatMap((flag) => [...flag.description.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!));
    expect(named.filter((name) => !flags.includes(name))).toEqual([]);
  });
});
