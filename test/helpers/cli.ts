// The statuspress bin as a user runs it: a child process, its output and its exit code.
import { execFile } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.join(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'bin/statuspress.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  /** The whole environment besides PATH, so no variable of this machine leaks in; default: this process's. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Runs `statuspress ...args` to its end (bounded by the timeout). */
export function runCli(args: string[], { cwd = ROOT, env, timeoutMs = 30_000 }: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const options = { cwd, timeout: timeoutMs, ...(env ? { env: { PATH: process.env.PATH ?? '', ...env } } : {}) };
    execFile(process.execPath, [BIN, ...args], options, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
