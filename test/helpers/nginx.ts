// A real nginx (Debian's, installed by .ci/run) on 127.0.0.1 with a generated configuration, in a
// temporary prefix so nothing outside the test's folder is touched.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import path from 'node:path';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? 'nginx';

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** A port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts nginx with `site` (a server block for an http {} context, listening on `port`). */
export async function startNginx(prefix: string, site: string, port: number): Promise<RunningNginx> {
  await mkdir(path.join(prefix, 'tmp'), { recursive: true });
  await writeFile(path.join(prefix, 'statuspress.conf'), site);
  const temp = path.join(prefix, 'tmp');
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    [
      // As root, workers would otherwise run as nobody and could not read the mkdtemp (0700) folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${temp};`),
      `  include ${path.join(prefix, 'statuspress.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const conf = path.join(prefix, 'nginx.conf');
  const check = spawnSync(NGINX, ['-t', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx rejected the generated configuration:\n${check.stderr}`);
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForPort(port, 5_000).catch(async (error: Error) => {
    child.kill('SIGKILL');
    const log = await readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => '');
    throw new Error(`${error.message}\n${stderr}\n${log}`);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      }),
  };
}

async function waitForPort(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on 127.0.0.1:${port} within ${ms} ms`);
}
