/**
 * The four-eyes rules of the editor's backend (server/admin/backend/four-eyes.ts), as pure functions:
 * who may approve, publish and delete an entry's changes, and what a save or a status change does to
 * the entry's workflow state. Their use over HTTP is test/http/editor-backend.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { SignedInEditor } from '../../server/admin/sign-in/signed-in-editor';
import {
  MESSAGES,
  authorsOf,
  refuseApproval,
  refuseDeletion,
  refusePublication,
  stateAfterSave,
  stateAfterStatusChange,
} from '../../server/admin/backend/four-eyes';
import type { WorkflowState } from '../../server/admin/backend/four-eyes';

const alice: SignedInEditor = { email: 'alice@harborledger.example', name: 'Alice Writer', role: 'editor' };
const rita: SignedInEditor = { email: 'rita@harborledger.example', name: 'Rita Reviewer', role: 'reviewer' };
const rex: SignedInEditor = { email: 'rex@harborledger.example', name: 'Rex Reviewer', role: 'reviewer' };
const person = ({ name, email }: SignedInEditor) => ({ name, email });
const HEAD = 'a'.repeat(40);
const approvedByRex: WorkflowState = {
  status: 'pending_publish',
  approval: { reviewer: person(rex), commit: HEAD, at: '2026-01-02T03:04:05.000Z' },
};

describe('authorsOf', () => {
  it('names each author once, in the order of their first commit, by email whatever its case', () => {
    const commits = [
      { author: { name: 'Alice Writer', email: 'Alice@HarborLedger.example' } },
      { author: { name: 'Rita Reviewer', email: 'rita@harborledger.example' } },
      { author: { name: 'Alice W.', email: 'alice@harborledger.example' } },
    ];
    expect(authorsOf(commits)).toEqual([
      { name: 'Alice Writer', email: 'alice@harborledger.example' },
      { name: 'Rita Reviewer', email: 'rita@harborledger.example' },
    ]);
  });
});

describe('approving (moving to Ready)', () => {
  it('is a reviewer’s who wrote none of the changes', () => {
    expect(refuseApproval(rex, [person(alice)])).toBeUndefined();
  });

  it('is never an editor’s, who is told whom to ask', () => {
    expect(refuseApproval(alice, [person(rita)])?.message).toBe(MESSAGES.notReviewerApproves('a reviewer'));
    const refusal = refuseApproval(alice, [], ['rita@harborledger.example', 'rex@harborledger.example']);
    expect(refusal?.status).toBe(403);
    expect(refusal?.message).toBe('Only a reviewer can approve an entry: ask one of rita@harborledger.example, rex@harborledger.example.');
  });

  it('is never an author’s, even a reviewer who wrote one commit of several, whatever the email’s case', () => {
    const refusal = refuseApproval({ ...rita, email: 'RITA@harborledger.example' }, [person(alice), person(rita)]);
    expect(refusal?.status).toBe(403);
    expect(refusal?.message).toBe('You wrote part of this entry, so someone else must approve it.');
  });
});

describe('publishing', () => {
  it('is a non-author reviewer’s, of the very commit approved', () => {
    expect(refusePublication(rex, [person(alice)], approvedByRex, HEAD)).toBeUndefined();
    expect(refusePublication(rita, [person(alice)], approvedByRex, HEAD)).toBeUndefined();
  });

  it('is refused to an editor, to an author, and without an approval', () => {
    expect(refusePublication(alice, [person(rita)], approvedByRex, HEAD)?.message).toMatch(/^Only a reviewer can publish an entry/);
    expect(refusePublication(rita, [person(rita)], approvedByRex, HEAD)?.message).toBe(MESSAGES.authorPublishes);
    expect(refusePublication(rex, [person(alice)], { status: 'pending_review' }, HEAD)?.message).toBe(MESSAGES.notApproved);
    expect(refusePublication(rex, [person(alice)], undefined, HEAD)?.message).toBe(MESSAGES.notApproved);
  });

  it('is refused when the entry changed after its approval', () => {
    const refusal = refusePublication(rex, [person(alice)], approvedByRex, 'b'.repeat(40));
    expect(refusal?.status).toBe(409);
    expect(refusal?.message).toBe('This entry changed after it was approved: it needs approving again.');
    // A save moves the status back too: still the same words, since the approval is kept to say why.
    expect(refusePublication(rex, [person(alice)], stateAfterSave(approvedByRex, 'pending_publish'), 'b'.repeat(40))?.message).toBe(
      MESSAGES.stale,
    );
  });
});

describe('deleting unpublished changes', () => {
  it('is for the entry’s authors and for reviewers', () => {
    expect(refuseDeletion(alice, [person(alice)])).toBeUndefined();
    expect(refuseDeletion(rex, [person(alice)])).toBeUndefined();
    expect(refuseDeletion({ ...alice, email: 'bob@harborledger.example' }, [person(alice)])?.message).toBe(MESSAGES.notYoursToDelete);
  });
});

describe('the workflow state', () => {
  it('of a new entry is the status asked for, but never Ready: a save is no approval', () => {
    expect(stateAfterSave(undefined, 'draft')).toEqual({ status: 'draft' });
    expect(stateAfterSave(undefined, 'pending_review')).toEqual({ status: 'pending_review' });
    expect(stateAfterSave(undefined, 'pending_publish')).toEqual({ status: 'pending_review' });
  });

  it('after a save of a Ready entry is In review, the approval kept but no longer of the head', () => {
    expect(stateAfterSave(approvedByRex, 'pending_publish')).toEqual({ ...approvedByRex, status: 'pending_review' });
    expect(stateAfterSave({ status: 'draft' }, 'pending_review')).toEqual({ status: 'draft' });
  });

  it('records the approval of the head when moved to Ready, and drops it when moved back', () => {
    const at = new Date('2026-03-04T05:06:07Z');
    expect(stateAfterStatusChange('pending_publish', rex, HEAD, at)).toEqual({
      status: 'pending_publish',
      approval: { reviewer: person(rex), commit: HEAD, at: '2026-03-04T05:06:07.000Z' },
    });
    expect(stateAfterStatusChange('pending_review', rex, HEAD, at)).toEqual({ status: 'pending_review' });
  });
});
