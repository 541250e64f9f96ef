// The process of a site's own templates tells the build of each page in a file of the temporary
// folder. A full temporary folder was reported as "Could not write the output to <out>", which sent
// the user to the wrong folder: it is now said to be the temporary folder.
import { closeSync, existsSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StatuspressError } from '../../../src/errors.js';
import { rebuilt, told } from '../../../src/render/worker.js';
import { writeFailed } from '../../../src/write/index.js';

describe('told', () => {
  // Linux's /dev/full answers every write with ENOSPC, as a full disk does.
  it.runIf(existsSync('/dev/full'))('says a full temporary folder is that, as the build reports it', () => {
    const fd = openSync('/dev/full', 'w');
    let thrown: unknown;
    try {
      told('status\tAcme\n', fd);
    } catch (error) {
      thrown = error;
    } finally {
      closeSync(fd);
    }
    expect(thrown).toBeInstanceOf(StatuspressError);
    expect(thrown).toMatchObject({ code: 'output/temporary-file-failed', exitCode: 1 });
    expect((thrown as Error).message).toMatch(/^The process rendering the site’s templates could not write to its file in the temporary folder: ENOSPC/);
    // The renderer's catch reports write errors as the output's, unless they say otherwise already;
    // and the build rebuilds the process's error from its code, with the same words.
    expect(writeFailed('dist', thrown)).toBe(thrown);
    const { message, code, hint } = thrown as StatuspressError;
    const again = rebuilt({ message, code, ...(hint ? { hint } : {}) });
    expect(again).toMatchObject({ code: 'output/temporary-file-failed', message });
  });

  it('writes the line when it can', () => {
    const fd = openSync('/dev/null', 'w');
    try {
      expect(() => told('status\tAcme\n', fd)).not.toThrow();
    } finally {
      closeSync(fd);
    }
  });
});
