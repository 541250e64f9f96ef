// docs/first-incident.md, followed word for word: every command of its `sh` blocks, read out of the
// doc (so the doc and this test cannot drift apart), run in order in a folder of its own as a
// person types them. Its dates are relative (`--in 2d`), so the walkthrough holds on any day; the test
// owns its clock: `init`, the authoring commands and the builds get `--now`, a fixed moment moved on
// ten minutes a step, and `serve` `--at-build-time`, so none of them reads the machine's clock. What GitHub does between the steps is done
// here: the repository on GitHub is a bare one (git's `insteadOf` points the doc's address at it),
// and "merge the pull request" moves its main to the branch. `serve` listens on a free port
// instead of 8080, since other tests run beside it.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { get, startServing } from '../helpers/serving.js';
import { codeBlocks, shellCommands } from '../helpers/shell-words.js';

const DOC = readFileSync(path.join(ROOT, 'docs/first-incident.md'), 'utf8');
/** The doc cut at its `## N. Title` headings: the part before the first is the preamble. */
const SECTIONS = DOC.split(/^## /m).map((part, i) => ({ title: i === 0 ? '' : part.slice(0, part.indexOf('\n')), body: part }));
/** The repository "on GitHub", as the doc's `git remote add` names it. */
const REMOTE_ADDRESS = 'git@github.com:acme/status-page.git';
/** The statuspress commands that act as of `--now`. */
const NOW_COMMANDS = new Set(['init', 'build', 'validate', 'new', 'update', 'resolve']);
const STEP_MS = 10 * 60_000;

interface Ran {
  words: string[];
  stdout: string;
  stderr: string;
  /** The file a `new` wrote (`Created FILE (id N)`), as it was then. */
  created?: string;
}

let tmp: string;
let remote: string;
let env: NodeJS.ProcessEnv;
/** The walkthrough's first moment: any would do, since the doc's dates are relative. */
const START = Date.parse('2026-12-02T09:00:00Z');

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'statuspress-first-incident-'));
  remote = path.join(tmp, 'github', 'status-page.git');
  // The clone of statuspress the doc starts from: this one's lib/, beside where init writes.
  await mkdir(path.join(tmp, 'statuspress'));
  await symlink(path.join(ROOT, 'lib'), path.join(tmp, 'statuspress', 'lib'));
  const gitconfig = path.join(tmp, 'gitconfig');
  await writeFile(gitconfig, `[user]\n\tname = Test\n\temail = test@example.com\n[url "${remote}"]\n\tinsteadOf = ${REMOTE_ADDRESS}\n`);
  // This machine's git settings stay out; the clock (faketime's variables) comes in.
  env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')));
  Object.assign(env, { HOME: tmp, GIT_CONFIG_GLOBAL: gitconfig, GIT_CONFIG_NOSYSTEM: '1' });
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

function exec(file: string, args: string[], cwd: string): Promise<Ran & { code: number }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ words: [file, ...args], stdout, stderr, code: error ? Number((error as { code?: number }).code ?? 1) : 0 });
    });
  });
}

/** Follows the doc: each section's commands in turn, with GitHub's part where the doc hands over to it. */
async function follow(): Promise<Map<string, Ran[]>> {
  const ran = new Map<string, Ran[]>();
  const aliases = new Map<string, string[]>();
  let cwd = path.join(tmp, 'statuspress');
  for (const [index, section] of SECTIONS.entries()) {
    const now = new Date(START + index * STEP_MS).toISOString();
    const outputs: Ran[] = [];
    ran.set(section.title, outputs);
    // Step 3 begins with an empty repository made on GitHub.
    if (section.title.startsWith('3. ')) expect((await exec('git', ['init', '--bare', '-b', 'main', remote], tmp)).code).toBe(0);
    for (const block of codeBlocks(section.body, 'sh')) {
      for (const typed of shellCommands(block)) {
        const words = aliases.has(typed[0]!) ? [...aliases.get(typed[0]!)!, ...typed.slice(1)] : typed;
        const [program, ...args] = words;
        if (program === 'alias') {
          const [name, value] = args[0]!.split(/=(.*)/s);
          aliases.set(name!, shellCommands(value!)[0]!);
        } else if (program === 'cd') {
          cwd = path.resolve(cwd, args[0]!);
          expect(existsSync(cwd), `cd ${args[0]}`).toBe(true);
        } else if (program === 'git') {
          const result = await exec('git', args, cwd);
          expect(result.code, `${words.join(' ')}\n${result.stderr}`).toBe(0);
          outputs.push(result);
        } else if (program === 'node' && args[0]!.endsWith('statuspress.mjs')) {
          const command = args[1]!;
          if (command === 'serve') {
            const serving = await startServing([...args, '--at-build-time'], cwd, env);
            const home = await get(serving.url, '/');
            expect(home.status).toBe(200);
            expect(home.body).toContain('<bdi>Acme Status</bdi> is operational');
            expect((await get(serving.url, '/api/v1/status')).status).toBe(200);
            expect(await serving.stop()).toBe(0);
            continue;
          }
          const result = await exec(process.execPath, NOW_COMMANDS.has(command) ? [...args, '--now', now] : args, cwd);
          expect(result.code, `${words.join(' ')}\n${result.stderr}`).toBe(0);
          expect(result.stderr, words.join(' ')).not.toContain('warning:');
          const created = command === 'new' ? /^Created (\S+)/.exec(result.stdout)?.[1] : undefined;
          outputs.push({ ...result, ...(created === undefined ? {} : { created: await readFile(path.join(cwd, created), 'utf8') }) });
        } else {
          throw new Error(`docs/first-incident.md has a command this test does not know how to follow: ${words.join(' ')}`);
        }
      }
    }
    // Step 6 ends with the pull request merged on GitHub: main moves to the branch. Before that, the
    // check the doc shows: the same change with the state misspelt, as the Check workflow runs it.
    if (section.title.startsWith('6. ')) {
      const misspelt = path.join(tmp, 'misspelt');
      await cp(path.join(cwd, 'content'), path.join(misspelt, 'content'), { recursive: true });
      const file = path.join(misspelt, 'content/notices/2-elevated-error-rates-on-the-rest.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace('state: identified', 'state: identifed'));
      checked = await exec(process.execPath, ['.statuspress/statuspress.mjs', 'validate', '--content', path.join(misspelt, 'content'), '--format', 'github', '--now', now], cwd);
      const branch = outputs.find((r) => r.words[1] === 'switch' && r.words[2] === '-c')!.words[3]!;
      expect((await exec('git', ['update-ref', 'refs/heads/main', `refs/heads/${branch}`], remote)).code).toBe(0);
    }
    // Step 8 was going to the end of it: the rest is advice, with one command (upgrade), made to
    // replace something by giving the repository an older build first.
    if (section.title.startsWith('8. ')) await appendFile(path.join(cwd, '.statuspress/statuspress.mjs'), '// an older build\n');
  }
  return ran;
}

let ran: Map<string, Ran[]>;
let checked: Ran & { code: number };
const repo = (): string => path.join(tmp, 'status-page');

describe('docs/first-incident.md, followed word for word', () => {
  beforeAll(async () => {
    ran = await follow();
  }, 120_000);

  it('has the steps this test hands over to GitHub at', () => {
    expect(SECTIONS.map((s) => s.title.split(' ')[0])).toEqual(['', '1.', '2.', '3.', '4.', '5.', '6.', '7.', '8.', '9.']);
  });

  it('opens the incident as the doc says: the file it names, as the doc shows it', () => {
    const opened = ran.get(SECTIONS[5]!.title)!.find((r) => r.words.includes('new'))!;
    const said = /`(Created content\/notices\/[^`]+)`/.exec(SECTIONS[5]!.body)![1]!;
    expect(opened.stdout.split('\n')[0]).toBe(said);
    const shown = codeBlocks(SECTIONS[5]!.body, 'yaml')[0]!;
    const written = opened.created!;
    expect(written.replace(/^( {2}- at: ).*$/m, `$1${/^ {2}- at: (.*)$/m.exec(shown)![1]}`)).toBe(shown);
    expect(written).toContain(`  - at: ${new Date(START + 5 * STEP_MS).toISOString().replace('.000Z', 'Z')}\n`);
  });

  it('marks a misspelt state on the pull request as the doc shows it', () => {
    const [place, title, message] = codeBlocks(SECTIONS[6]!.body, '')[0]!.trim().split('\n');
    const [file, line] = /^(\S+), line (\d+)$/.exec(place!)!.slice(1);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(new RegExp(`^::error file=[^,]*${file!.replace(/[.]/g, '\\.')},line=${line},col=\\d+,title=${title!.replace(/[.()]/g, '\\$&')}::${message!.replace(/[.?"]/g, '\\$&')}$`, 'm'));
  });

  it('publishes every commit of the doc to GitHub, the pull request merged', async () => {
    const messages = [...ran.values()].flat().filter((r) => r.words[1] === 'commit').map((r) => r.words[r.words.indexOf('-m') + 1 || r.words.indexOf('-am') + 1]);
    const log = await exec('git', ['log', '--format=%s', 'main'], remote);
    expect(log.stdout.trim().split('\n').reverse()).toEqual(messages);
    expect(messages).toHaveLength(5);
  });

  it('leaves the incident resolved and the maintenance two days ahead, as the page shows them', async () => {
    const built = await exec(process.execPath, ['.statuspress/statuspress.mjs', 'build', '--out', path.join(tmp, 'published'), '--now', new Date(START + 9 * STEP_MS).toISOString()], repo());
    expect(built).toMatchObject({ code: 0, stderr: '' });
    const notice = async (id: number): Promise<{ notice: { timeline_state: string; state?: string; latest_update?: { state: string } } }> =>
      JSON.parse(await readFile(path.join(tmp, 'published/api/v1/notices', `${id}.json`), 'utf8')) as never;
    expect((await notice(2)).notice).toMatchObject({ timeline_state: 'past_recent' });
    expect((await notice(3)).notice).toMatchObject({ timeline_state: 'future' });
    const maintenance = await readFile(path.join(repo(), 'content/notices/3-database-upgrade.yaml'), 'utf8');
    const begins = Date.parse(/^begins_at: (.*)$/m.exec(maintenance)![1]!);
    expect(begins - (START + 8 * STEP_MS)).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(Date.parse(/^ends_at: (.*)$/m.exec(maintenance)![1]!) - begins).toBe(3_600_000);
  });

  it('upgrades from the clone, replacing the older build', async () => {
    const upgraded = ran.get(SECTIONS[9]!.title)!.find((r) => r.words.includes('upgrade'))!;
    expect(upgraded.stdout).toMatch(/^statuspress (\S+) → \1 \(another build of the same version\): replaced \.statuspress\/statuspress\.mjs\.\n/);
    const [now, clone] = await Promise.all([readFile(path.join(repo(), '.statuspress/statuspress.mjs')), readFile(path.join(ROOT, 'lib/statuspress.mjs'))]);
    expect(now.equals(clone)).toBe(true);
  });
});
