/**
 * Where each unpublished entry's workflow state lives (its status and its approval): in the repository
 * itself, as a ref refs/cms-state/<collection>/<slug> pointing at a blob of JSON.
 *
 * Why there: it survives a restart and travels with the repository (a backup or a move of the bare
 * repository takes the approvals with the branches they are about; a JSON file beside it could be
 * forgotten or restored from another day). A ref moves atomically and by compare-and-swap, like the
 * branches, so no half-written state is ever read, even by another process on the same repository.
 * Why not decap-server's place (the branch's description in git config): config is one file for every
 * entry, rewritten on each change, with no compare-and-swap.
 */
import { z } from 'zod';
import { WORKFLOW_STATUSES } from './four-eyes';
import type { WorkflowState } from './four-eyes';
import type { GitRepository } from './git-repository';
import { ZERO_OID } from './git-repository';

const STATE_PREFIX = 'refs/cms-state/';

const person = z.object({ name: z.string(), email: z.string() });
const stateSchema = z.object({
  status: z.enum(WORKFLOW_STATUSES),
  approval: z.object({ reviewer: person, commit: z.string(), at: z.string() }).optional(),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface StoredState {
  state: WorkflowState | undefined;
  /** The blob the ref points at now (ZERO_OID: none): what the next write expects. */
  oid: string;
}

export function workflowStates(repository: GitRepository) {
  const refOf = (key: string) => `${STATE_PREFIX}${key}`;
  return {
    async read(key: string): Promise<StoredState> {
      const oid = await repository.resolve(refOf(key));
      if (!oid) return { state: undefined, oid: ZERO_OID };
      const parsed = stateSchema.safeParse(parseJson((await repository.readBlob(oid)).toString('utf8')));
      // A state that no longer parses is treated as none: the entry is a draft again, and needs approving.
      return { state: parsed.success ? parsed.data : undefined, oid };
    },
    async write(key: string, state: WorkflowState, expected: string): Promise<void> {
      const oid = await repository.hashBlob(`${JSON.stringify(state)}\n`);
      await repository.updateRef(refOf(key), oid, expected);
    },
    async remove(key: string, expected: string): Promise<void> {
      if (expected !== ZERO_OID) await repository.deleteRef(refOf(key), expected);
    },
  };
}
