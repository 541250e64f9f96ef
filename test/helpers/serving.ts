// `statuspress serve` as a process a test starts as a person does: the command line given, the
// address read from its first line, stopped with Ctrl-C (SIGINT). Any port the command line gives
// is replaced by 0 (a free one), since other tests run beside it.
import { spawn } from 'node:child_process';
import { request } from 'node:http';

export interface Serving {
  /** `http://127.0.0.1:PORT`, without a slash. */
  url: string;
  /** Ctrl-C: resolves with the exit code once the server has stopped. */
  stop: () => Promise<number | null>;
}

/** Starts `node ...args --port 0` in `cwd` and resolves once it has printed its address. */
export function startServing(args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<Serving> {
  const child = spawn(process.execPath, [...args, '--port', '0'], { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^Serving .* at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match === null || !out.includes('\n')) return;
      resolve({
        url: match[1]!,
        stop: () => {
          child.kill('SIGINT');
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}) before it served:\n${out}\n${err}`)));
  });
}

/** GET `target` from `url`: its status and body as text. */
export function get(url: string, target: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: target, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
