#!/usr/bin/env node
/**
 * load-client.js — a keep-alive HTTP load generator for the serve benchmark (loopback only).
 *
 *   node scripts/load-client.js '{"base":"http://127.0.0.1:8080","paths":["/api/v1/status"],"seconds":10,"concurrency":32}'
 *
 * Runs `concurrency` request loops over the paths (round robin) for `seconds`, then prints one JSON
 * line: requests, requests per second, status counts and latency percentiles in ms. It runs in its own
 * process so every server is measured by the same client.
 */
import http from 'node:http';

const { base, paths, seconds, concurrency } = JSON.parse(process.argv[2]);
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost)(:\d+)?/.test(base)) throw new Error(`loopback only, not ${base}`);
const url = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
const statuses = {};
let next = 0;
const deadline = performance.now() + seconds * 1000;

function once(path) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get({ host: url.hostname, port: url.port, path, agent, headers: { 'Accept-Encoding': 'gzip, br' } }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies.push(performance.now() - started);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        resolve();
      });
    });
    req.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1;
      resolve();
    });
  });
}

async function loop() {
  while (performance.now() < deadline) await once(paths[next++ % paths.length]);
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, loop));
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
console.log(
  JSON.stringify({
    requests: latencies.length,
    rps: latencies.length / elapsed,
    statuses,
    p50: pct(50),
    p90: pct(90),
    p99: pct(99),
    max: latencies.at(-1) ?? 0,
  }),
);
