// The command line as the bench scripts time it (bench-shard.mjs, bench-experiment.mjs): each
// command a process of its own, on the bundle (bin/flowledger.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const cliPath = join(root, 'bin/flowledger.mjs');

/** Runs the command line; returns its stdout, wall ms, CPU ms (user + system, all threads) and peak RSS (KiB), from /usr/bin/time. */
export function cli(args) {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', process.execPath, cliPath, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`flowledger ${args.join(' ')} failed:\n${r.stderr}`);
  const [rssKiB, user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { stdout: r.stdout, ms, rssKiB, cpuMs: (user + sys) * 1000 };
}

/**
 * Runs the command line and samples its threads' CPU times from /proc every 20 ms; returns its
 * stdout, wall ms, and per thread (main first, the others from the busiest) the last CPU ms seen
 * (user + system). Linux only: elsewhere `threads` is empty.
 */
export function cliThreads(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cliPath, ...args], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t) => (stderr += t));
    const seen = new Map();
    const tick = 1000 / 100; // USER_HZ: clock ticks of 10 ms
    const poll = () => {
      let tids = [];
      try {
        tids = readdirSync(`/proc/${child.pid}/task`);
      } catch {
        return;
      }
      for (const tid of tids) {
        try {
          const stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8');
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          seen.set(tid, (Number(f[11]) + Number(f[12])) * tick);
        } catch {
          // the thread has just ended
        }
      }
    };
    const timer = setInterval(poll, 20);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`flowledger ${args.join(' ')} failed:\n${stderr}`));
      const main = seen.get(String(child.pid)) ?? 0;
      const others = [...seen].filter(([tid]) => tid !== String(child.pid)).map(([, v]) => v);
      resolve({ stdout, ms, threads: seen.size > 0 ? [main, ...others.sort((a, b) => b - a)] : [] });
    });
  });
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** A whole number with thousands separators. */
export const n = (x) => Math.round(x).toLocaleString('en-US');
