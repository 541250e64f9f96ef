// Processes a test watches through /proc (Linux): the templates' process a build starts.
import { readdirSync, readFileSync } from 'node:fs';
import { PROCESS_FLAG } from '../../src/render/worker-messages.js';

/** The pid of `parent`'s child running the templates' process, once there is one (null: the parent ended first). */
export async function templatesProcess(parent: number): Promise<number | null> {
  for (;;) {
    let children: number[];
    try {
      children = readdirSync(`/proc/${parent}/task`).flatMap((task) => readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      return null;
    }
    for (const pid of children) {
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(PROCESS_FLAG)) return pid;
      } catch {
        // gone meanwhile
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
