/**
 * Who is signed in to the editor (CMS_BACKEND=site, issue 46): the contract between the sign-in
 * (server/admin/sign-in/, which puts it on res.locals.editor once the session is checked) and the
 * editor's backend (server/admin/backend/, which reads it on every request it serves).
 */
import type { Response } from 'express';
import { asGitStores } from '../../config/cms-site';

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

/**
 * What no one's name needs and what would let one person pass for another in a commit, the record or the
 * editor's lists: control characters (a field separator, a newline), invisible format characters (U+202E
 * turning text around), line and paragraph separators, and `<` `>` (which delimit an address in a commit).
 */
const NOT_IN_A_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>]+/gu;

/**
 * The provider's name claim as the editor keeps it: each run of what NOT_IN_A_NAME matches made one space,
 * then as git would write it (so the commit, the record and the session say the same name). The email
 * when nothing is left.
 */
export function editorName(claimed: string | undefined, email: string): string {
  const name = asGitStores((claimed ?? '').replace(NOT_IN_A_NAME, ' ').replace(/\s+/g, ' '));
  return name || email;
}
