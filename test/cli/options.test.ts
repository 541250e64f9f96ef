// Options as a person mistypes them in a hurry: an unknown option gets the nearest one as a
// suggestion, as an unknown command does, and an option without its value is named with what it
// takes; never Node's parser's raw words (`--stat` once got "Unknown option '--stat'. To specify a
// positional argument starting with a '-', place it at the end of the command after '--', as in
// '-- "--stat"", an unbalanced quote and no suggestion).
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('options as typed', () => {
  it.each([
    [['update', '1', '--stat', 'identified', '--message', 'x'], 'update has no option "--stat". Did you mean --state?'],
    [['build', '--outt', 'x'], 'build has no option "--outt". Did you mean --out?'],
    [['new', 'notice', '--subjet', 'x'], 'new has no option "--subjet". Did you mean --subject?'],
    [['resolve', '1', '--backdated'], 'resolve has no option "--backdated". Did you mean --backdate?'],
    [['validate', '--zzzz'], 'validate has no option "--zzzz".'],
    [['update', '1', '--message'], '"--message" needs a value: --message TEXT'],
    [['build', '--content'], '"--content" needs a value: --content DIR'],
  ])('%j: exit 2, %s', async (args, said) => {
    const run = await runCli(args);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr.split('\n')[0]).toBe(said);
    expect(run.stderr).toContain(`Usage: statuspress ${args[0]}`);
  });
});
