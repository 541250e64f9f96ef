// Runs `statuspress build` for every case folder named on the command line, in this one process, as
// bin/statuspress.js would (the bundled CLI's main), and prints the results as JSON. One process for
// the whole catalogue: 88 Node starts cost a minute of CI, and a heap limit set on this process
// (--max-old-space-size) still bounds every case.
import { readdirSync } from 'node:fs';
import { main } from '../../lib/cli.js';

const results = {};
for (const work of process.argv.slice(2)) {
  const lines = { stdout: '', stderr: '' };
  const out = { log: (line) => (lines.stdout += `${line}\n`), error: (line) => (lines.stderr += `${line}\n`) };
  // From the case's folder, as a person runs it in a status repository: paths print as content/….
  process.chdir(work);
  const code = await main(['build', '--content', 'content', '--out', 'dist', '--now', '2026-11-21T00:00:00Z'], out);
  results[work] = { code, ...lines, left: readdirSync(work).sort() };
}
process.stdout.write(JSON.stringify(results));
