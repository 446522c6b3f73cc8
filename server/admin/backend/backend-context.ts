/**
 * What every action of the editor's backend works with: the repository, the branch it publishes to, the
 * workflow's states, and how an entry's branch is named (cms/<collection>/<slug>, as decap-server names it).
 */
import type { Logger } from 'pino';
import type { PublicationLine } from '../../approvals/approval-lines';
import type { GitRepository } from './git-repository';
import { Refusal } from './refusal';
import type { workflowStates } from './workflow-state';

export interface BackendContext {
  repository: GitRepository;
  /** The published branch (CMS_BRANCH): what the site serves. */
  branch: string;
  states: ReturnType<typeof workflowStates>;
  rootDir: string;
  logger: Logger;
  now: () => Date;
  /** Who reviews, named in the refusals that send an editor to one (may be empty). */
  reviewers: string[];
  recordPublication: (line: PublicationLine) => Promise<void>;
  onPublished: (commit: string) => void;
}

/** Decap's content key, collection/slug: the name of an entry's branch and of its state. */
export const entryKey = (collection: string, slug: string) => `${collection}/${slug}`;
export const ENTRY_BRANCH_PREFIX = 'refs/heads/cms/';
export const entryRef = (key: string) => `${ENTRY_BRANCH_PREFIX}${key}`;
export const publishedRef = (context: BackendContext) => `refs/heads/${context.branch}`;

/** The published branch's head; its absence is the operator's to fix, said as such. */
export async function publishedHead(context: BackendContext): Promise<string> {
  const head = await context.repository.resolve(`${publishedRef(context)}^{commit}`);
  if (!head)
    throw new Refusal(422, `The content repository has no branch "${context.branch}" to publish to: ask the site's operator to create it.`);
  return head;
}

/** The head of an entry's branch, or a 404 that Decap reads as "not under editorial workflow". */
export async function entryHead(context: BackendContext, key: string): Promise<string> {
  const head = await context.repository.resolve(`${entryRef(key)}^{commit}`);
  if (!head)
    throw new Refusal(404, `There are no unpublished changes to ${key}: it may have been published or deleted meanwhile. Reload the page.`);
  return head;
}
