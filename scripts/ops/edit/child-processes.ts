/** Stopping what npm run edit started (../edit.ts): a child process and every process under it. */
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A process and everything under it (the dev server is tsx, esbuild, npx and the server under tsx watch). */
function processTree(root: number): number[] {
  const listing = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout ?? '';
  const children = new Map<number, number[]>();
  for (const line of listing.split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid && ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/**
 * SIGTERM to the child and all under it, SIGKILL after 10 s; resolves once all of it is gone. The
 * children share this process's group, so Ctrl-C reaches each of them directly as well, even if
 * this process were killed before it could stop them (tsx's signal relay can do that under load).
 */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  const pid = child?.pid;
  if (pid === undefined || !isRunning(pid)) return;
  const tree = processTree(pid);
  const signal = (name: NodeJS.Signals) => {
    for (const member of tree) {
      try {
        process.kill(member, name);
      } catch {
        // Already gone.
      }
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (tree.some(isRunning)) {
    if (Date.now() > deadline) {
      signal('SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
