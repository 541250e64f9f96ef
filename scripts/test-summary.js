#!/usr/bin/env node
// Prints the plain closing line CI records (`N passed, N failed`) from vitest's JSON report and
// exits non-zero when anything failed or the report is missing (vitest crashed before writing it).
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.test-results.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.log(`no test report at ${file}: ${error.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
// A suite that failed as a whole (a hook, an import, a transform) counts once, even when vitest listed
// its tests (as skipped): a failed `beforeAll` must never read as "0 failed".
const failedSuites =
  report.testResults?.filter((s) => s.status === 'failed' && !s.assertionResults.some((a) => a.status === 'failed')) ?? [];
for (const suite of failedSuites) console.log(`suite failed to run: ${suite.name}: ${suite.message ?? ''}`.trim());
const failures = failed + failedSuites.length;
console.log(`${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures > 0 || report.success === false || passed === 0 ? 1 : 0);
