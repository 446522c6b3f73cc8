/**
 * For tests that run several real server processes: when a test fails, each one's log lines that
 * match `pattern` are printed under its name, which says where a push or a notice went missing.
 */
import { beforeEach } from 'vitest';
import type { ServerProcess } from '../../scripts/local/server-process';

export function showReplicaLogsOnFailure(servers: ReadonlyMap<string, ServerProcess>, pattern: RegExp) {
  beforeEach(({ onTestFailed }) =>
    onTestFailed(() => {
      for (const [name, server] of servers) {
        const lines = server
          .stdout()
          .split('\n')
          .filter((line) => pattern.test(line));
        console.error(`replica ${name}:\n${lines.join('\n')}`);
      }
    }),
  );
}
