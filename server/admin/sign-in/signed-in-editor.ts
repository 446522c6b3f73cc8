/**
 * Who is signed in to the editor (CMS_BACKEND=site, issue 46): the contract between the sign-in
 * (server/admin/sign-in/, which puts it on res.locals.editor once the session is checked) and the
 * editor's backend (server/admin/backend/, which reads it on every request it serves).
 */
import type { Response } from 'express';

/** A reviewer may also write; only a reviewer approves (moves to Ready) and publishes. */
export type EditorRole = 'editor' | 'reviewer';

export interface SignedInEditor {
  /** The verified email claim, lower-cased: how CMS_EDITORS and CMS_REVIEWERS name people, and a commit's author. */
  email: string;
  /** The provider's name claim, or the email when there is none: shown in the record and as a commit's author name. */
  name: string;
  role: EditorRole;
}

/** The signed-in person; undefined when no sign-in middleware ran before, which is a wiring error the backend answers with 401. */
export function signedInEditor(res: Response): SignedInEditor | undefined {
  return (res.locals as { editor?: SignedInEditor }).editor;
}
