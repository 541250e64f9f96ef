// Runs a job of a generated workflow on this machine, as far as it can be run without GitHub: every
// `run:` step with bash as GitHub runs it (`bash -eo pipefail`, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY
// as temporary files, the step's `env`), and the `uses:` steps the workflows use replaced by what
// they do here (a cache of keys and files, the uploaded folders checked and recorded). Expressions
// are the few forms the workflows use: `${{ a.b.c }}` (an unset secret reads as ''), and in `if:`
// `x == 'v'`, `x != 'v'`, `always()` and `!cancelled()` (a run here is never cancelled), joined by
// `&&`, optionally inside `${{ }}`. A job's own `if:` is for the test to ask (`jobRuns`).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

export interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string | number | boolean>;
}

export interface Job {
  'runs-on': string;
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  outputs?: Record<string, string>;
  environment?: { name: string; url?: string };
  concurrency?: unknown;
  steps: Step[];
}

export interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

export const readWorkflow = async (file: string): Promise<Workflow> => parse(await readFile(file, 'utf8')) as Workflow;

/** What the simulated `uses:` steps share across runs: the cache's keys, and what was uploaded or deployed. */
export interface Runner {
  cacheKeys: Set<string>;
  /** What each saved key holds, in the order saved (a restore by prefix takes the newest), when a job saves a file. */
  cacheFiles?: Map<string, Buffer>;
  /** Every `uses:` step that ran, with its `with` after substitution. */
  actions: { uses: string; with: Record<string, string> }[];
}

export interface JobRun {
  /** The steps that ran (`name`, `id`, or the command), in order; skipped ones are absent. */
  ran: string[];
  outputs: Record<string, string>;
  summary: string;
  /** Every step's standard output and error, in order. */
  log: string;
}

export interface JobContext {
  github: { event_name: string; sha: string; run_id?: string; run_attempt?: string };
  /** The repository's secrets; any other reads as an empty string, as on GitHub. */
  secrets?: Record<string, string>;
  /** The jobs it needs: their outputs, and `result` (`success`, `skipped`, `failure`; default success). */
  needs?: Record<string, { outputs: Record<string, string>; result?: string }>;
  /** Prepended to PATH (a fake `date`, say). */
  path?: string;
  /** The repository: every step runs there. */
  cwd: string;
  /** Extra environment for every step. */
  env?: Record<string, string>;
}

/** Runs `job` of `workflow` in `context.cwd`; throws with the log when a step fails. */
export async function runJob(workflow: Workflow, jobName: string, context: JobContext, runner: Runner): Promise<JobRun> {
  const job = workflow.jobs[jobName]!;
  const scratch = await mkdtemp(path.join(tmpdir(), 'statuspress-job-'));
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const ran: string[] = [];
  let log = '';
  const summaryFile = path.join(scratch, 'summary');
  await writeFile(summaryFile, '');
  const value = (expression: string): string => {
    const name = /^secrets\.(\w+)$/.exec(expression.trim())?.[1];
    if (name !== undefined) return context.secrets?.[name] ?? '';
    return lookup(expression.trim(), { github: context.github, steps, needs: context.needs ?? {} });
  };
  const substitute = (text: string): string => text.replace(/\$\{\{(.*?)\}\}/g, (_, e: string) => value(e));
  // After a step fails, only `if: always()` steps run, and the job then fails with the first failure.
  let failed: Error | null = null;
  try {
    for (const [index, step] of job.steps.entries()) {
      if (failed !== null && step.if?.trim() !== 'always()') continue;
      if (step.if !== undefined && !condition(step.if, value)) continue;
      const label = step.name ?? step.id ?? step.uses ?? step.run!;
      ran.push(label);
      const outputs: Record<string, string> = {};
      if (step.run !== undefined) {
        const outputFile = path.join(scratch, `output-${index}`);
        await writeFile(outputFile, '');
        const env: Record<string, string> = {
          ...(process.env as Record<string, string>),
          ...context.env,
          PATH: `${context.path ? `${context.path}${path.delimiter}` : ''}${process.env.PATH}`,
          GITHUB_OUTPUT: outputFile,
          GITHUB_STEP_SUMMARY: summaryFile,
          GITHUB_EVENT_NAME: context.github.event_name,
          GITHUB_SHA: context.github.sha,
          CI: 'true',
        };
        for (const [name, text] of Object.entries(step.env ?? {})) env[name] = substitute(String(text));
        const result = await bash(substitute(step.run), context.cwd, env);
        log += `$ ${label}\n${result.output}`;
        if (result.code !== 0) {
          failed ??= new Error(`step "${label}" exited ${result.code}:\n${log}`);
          continue;
        }
        Object.assign(outputs, parseOutputs(await readFile(outputFile, 'utf8')));
      } else {
        const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v))]));
        runner.actions.push({ uses: step.uses!, with: inputs });
        Object.assign(outputs, await action(step.uses!, inputs, context.cwd, runner));
      }
      if (step.id !== undefined) steps[step.id] = { outputs };
    }
    if (failed !== null) throw failed;
    const outputs = Object.fromEntries(Object.entries(job.outputs ?? {}).map(([k, v]) => [k, substitute(v)]));
    return { ran, outputs, summary: await readFile(summaryFile, 'utf8'), log };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** What the actions the workflows use do here; their outputs. */
async function action(uses: string, inputs: Record<string, string>, cwd: string, runner: Runner): Promise<Record<string, string>> {
  const name = uses.replace(/@.*/, '');
  switch (name) {
    case 'actions/checkout':
    case 'actions/setup-node':
    case 'actions/configure-pages':
      return {};
    case 'actions/cache/restore': {
      if (inputs['lookup-only'] === 'true') return { 'cache-hit': String(runner.cacheKeys.has(inputs.key!)) };
      // The exact key, else the newest key starting with a restore key; cache-hit only for the exact key.
      const files = runner.cacheFiles ?? new Map<string, Buffer>();
      const prefix = inputs['restore-keys'];
      const key = files.has(inputs.key!) ? inputs.key! : [...files.keys()].reverse().find((k) => prefix !== undefined && k.startsWith(prefix));
      if (key !== undefined) await writeFile(path.join(cwd, inputs.path!), files.get(key)!);
      return { 'cache-hit': String(key === inputs.key) };
    }
    case 'actions/cache/save': {
      // As on GitHub, a path that does not exist is a warning: nothing is saved, and the job goes on.
      const file = path.join(cwd, inputs.path!);
      if ((await stat(file).catch(() => null)) === null) return {};
      runner.cacheKeys.add(inputs.key!);
      runner.cacheFiles?.set(inputs.key!, await readFile(file));
      return {};
    }
    case 'actions/upload-artifact':
    case 'actions/upload-pages-artifact': {
      // The folder must hold a built site (dist is a link to it).
      const folder = path.join(cwd, inputs.path!);
      if (!(await readdir(folder)).includes('index.html')) throw new Error(`${inputs.path} holds no index.html`);
      return {};
    }
    case 'actions/deploy-pages':
      return { page_url: 'https://acme.github.io/status/' };
    default:
      throw new Error(`no stand-in for ${uses}`);
  }
}

function lookup(expression: string, contexts: Record<string, unknown>): string {
  let node: unknown = contexts;
  for (const part of expression.split('.')) {
    // GitHub reads an output of a step that was skipped as an empty string.
    if (node === undefined && /^(steps|needs)\./.test(expression)) return '';
    if (node === null || typeof node !== 'object') throw new Error(`cannot read ${expression}`);
    node = (node as Record<string, unknown>)[part];
  }
  if (node === undefined && /^(steps|needs)\./.test(expression)) return '';
  if (typeof node !== 'string') throw new Error(`${expression} is not a value here`);
  return node;
}

/**
 * Whether GitHub would run `job` after the jobs it needs: its `if:`, or without one, only when all
 * of them succeeded (a skipped one included, it is skipped too).
 */
export function jobRuns(job: Job, needs: NonNullable<JobContext['needs']>): boolean {
  const withResults = Object.fromEntries(Object.entries(needs).map(([name, n]) => [name, { ...n, result: n.result ?? 'success' }]));
  if (job.if === undefined) return Object.values(withResults).every((n) => n.result === 'success');
  return condition(job.if, (expression) => lookup(expression.trim(), { needs: withResults }));
}

function condition(text: string, value: (expression: string) => string): boolean {
  const inner = /^\s*\$\{\{(.*)\}\}\s*$/s.exec(text)?.[1] ?? text;
  if (inner.includes('&&')) return inner.split('&&').every((part) => condition(part, value));
  if (inner.trim() === 'always()' || inner.trim() === '!cancelled()') return true;
  text = inner;
  const match = /^\s*([\w.-]+)\s*(==|!=)\s*'([^']*)'\s*$/.exec(text);
  if (!match) throw new Error(`cannot evaluate if: ${text}`);
  const equal = value(match[1]!) === match[3];
  return match[2] === '==' ? equal : !equal;
}

/** `name=value` lines, and `name<<DELIMITER` blocks, as GitHub reads GITHUB_OUTPUT. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const block = /^([\w-]+)<<(.+)$/.exec(line);
    if (block) {
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== block[2]; i++) body.push(lines[i]!);
      outputs[block[1]!] = body.join('\n');
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}
