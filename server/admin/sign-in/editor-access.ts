/**
 * Who may do what in the editor (CMS_BACKEND=site): a pure function of the verified email address and the
 * two lists of the configuration. Called on every request, never stored in the session, so a person taken
 * off a list (and the server restarted with the new list) loses that role at their next request.
 */
import type { SiteBackend } from '../../config/cms';
import type { EditorRole } from './signed-in-editor';

/** The role of `email` (matched whatever its case), or undefined: on neither list, not allowed in. Reviewers first: the higher role wins. */
export function roleOf(email: string, people: Pick<SiteBackend, 'editors' | 'reviewers'>): EditorRole | undefined {
  const address = email.trim().toLowerCase();
  if (!address) return undefined;
  if (people.reviewers.some((reviewer) => reviewer.toLowerCase() === address)) return 'reviewer';
  if (people.editors.some((editor) => editor.toLowerCase() === address)) return 'editor';
  return undefined;
}
