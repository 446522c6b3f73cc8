/**
 * Four eyes (issue 46): no one publishes what they wrote, and what is published is exactly what a
 * reviewer approved. Pure rules over who is asking, who wrote the entry's changes and the entry's
 * workflow state; the backend gathers those from the repository and applies these.
 */
import type { Person } from '../../approvals/approval-lines';
import type { SignedInEditor } from '../sign-in/signed-in-editor';
import { Refusal } from './refusal';

/** Decap's editorial workflow: Draft, In review, Ready. */
export const WORKFLOW_STATUSES = ['draft', 'pending_review', 'pending_publish'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

export interface Approval {
  reviewer: Person;
  /** The entry branch's head the reviewer saw and approved. */
  commit: string;
  at: string;
}

export interface WorkflowState {
  status: WorkflowStatus;
  /** The last approval; kept after a later save (then stale: its commit is no longer the head) so publishing can say why it refuses. */
  approval?: Approval;
}

export const MESSAGES = {
  authorApproves: 'You wrote part of this entry, so someone else must approve it.',
  authorPublishes: 'You wrote part of this entry, so someone else must publish it.',
  notReviewerApproves: (reviewers: string) => `Only a reviewer can approve an entry: ask ${reviewers}.`,
  notReviewerPublishes: (reviewers: string) => `Only a reviewer can publish an entry: ask ${reviewers}.`,
  notApproved: 'This entry has not been approved: a reviewer must set it to Ready before it is published.',
  stale: 'This entry changed after it was approved: it needs approving again.',
  notYoursToDelete: 'Only the people who wrote this entry, or a reviewer, can delete its unpublished changes.',
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Everyone who wrote a commit of the entry's changes, once each, in order of their first commit. */
export function authorsOf(commits: Array<{ author: Person }>): Person[] {
  const authors: Person[] = [];
  for (const { author } of commits) {
    if (!authors.some((known) => same(known.email, author.email))) authors.push({ name: author.name, email: author.email.toLowerCase() });
  }
  return authors;
}

export function isAuthor(editor: SignedInEditor, authors: Person[]): boolean {
  return authors.some((author) => same(author.email, editor.email));
}

/** "one of a@…, b@…", or "a reviewer" when the backend was not told who they are. */
function whoReviews(reviewers: string[]): string {
  return reviewers.length > 0 ? `one of ${reviewers.join(', ')}` : 'a reviewer';
}

/** Moving to Ready is the approval: a reviewer's, never an author's. */
export function refuseApproval(editor: SignedInEditor, authors: Person[], reviewers: string[] = []): Refusal | undefined {
  if (editor.role !== 'reviewer') return new Refusal(403, MESSAGES.notReviewerApproves(whoReviews(reviewers)));
  if (isAuthor(editor, authors)) return new Refusal(403, MESSAGES.authorApproves);
  return undefined;
}

/** Publishing: a reviewer who wrote none of it, and only the very commit that was approved. */
export function refusePublication(
  editor: SignedInEditor,
  authors: Person[],
  state: WorkflowState | undefined,
  head: string,
  reviewers: string[] = [],
): Refusal | undefined {
  if (editor.role !== 'reviewer') return new Refusal(403, MESSAGES.notReviewerPublishes(whoReviews(reviewers)));
  if (isAuthor(editor, authors)) return new Refusal(403, MESSAGES.authorPublishes);
  if (!state?.approval) return new Refusal(403, MESSAGES.notApproved);
  if (state.approval.commit !== head || state.status !== 'pending_publish') return new Refusal(409, MESSAGES.stale);
  // An approver who has since written a commit is an author now: caught above, since authors are read from the branch.
  return undefined;
}

/** Throwing away unpublished changes: their authors may, and reviewers. */
export function refuseDeletion(editor: SignedInEditor, authors: Person[]): Refusal | undefined {
  if (editor.role === 'reviewer' || isAuthor(editor, authors)) return undefined;
  return new Refusal(403, MESSAGES.notYoursToDelete);
}

/**
 * The state after a save. A new entry takes the status Decap asks for, but never Ready: that is an
 * approval, which a save cannot be. A save of an entry that was Ready voids the approval: back to In
 * review, the old approval kept only to say why publishing is refused.
 */
export function stateAfterSave(previous: WorkflowState | undefined, requested: WorkflowStatus): WorkflowState {
  if (!previous) return { status: requested === 'pending_publish' ? 'pending_review' : requested };
  if (previous.status === 'pending_publish') return { ...previous, status: 'pending_review' };
  return previous;
}

/** The state after a status change that the rules allowed: Ready records the approval of `head`; leaving Ready withdraws it. */
export function stateAfterStatusChange(status: WorkflowStatus, editor: SignedInEditor, head: string, at: Date): WorkflowState {
  if (status !== 'pending_publish') return { status };
  return { status, approval: { reviewer: { name: editor.name, email: editor.email }, commit: head, at: at.toISOString() } };
}
