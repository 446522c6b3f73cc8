/**
 * A publication line anchored in the content repository (decision 036): the Publish merge commit's
 * message is made from the line, and ends in a trailer carrying the line's hash,
 *
 *   Approval-Record: sha256:<anchorOf(line)>
 *
 * so someone who can rewrite ARCHIVE_DIR but not the repository cannot change what a line says (and
 * recompute the chain) without the commit disagreeing. The hash leaves out what the commit cannot
 * know when it is made: its own id (publishedCommit) and the line's place in the record (seq and
 * previous). The id is bound the other way round: the line names the commit that carries its hash.
 *
 * Pure: the editor's backend writes with it, `approvals verify` checks with it.
 */
import type { Person, PublicationLine } from './approval-lines';
import { sha256Of } from './record-chain';

export const ANCHOR_TRAILER = 'Approval-Record';

/** A publication before its merge commit exists: everything the commit's trailer hashes. */
export type UnanchoredPublication = Omit<PublicationLine, 'publishedCommit'>;

/** The value with every object's keys sorted: the same bytes whatever order a line's fields were written in. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, sortedKeys(object[key])]),
  );
}

/**
 * The SHA-256 of the line as JSON with its keys sorted at every level and no spaces, without seq,
 * previous and publishedCommit. Every other field counts, one the record does not know included.
 */
export function anchorOf(line: UnanchoredPublication | (PublicationLine & { seq?: number; previous?: string })): string {
  const content: Record<string, unknown> = { ...line };
  for (const key of ['seq', 'previous', 'publishedCommit']) delete content[key];
  return sha256Of(JSON.stringify(sortedKeys(content)));
}

const person = ({ name, email }: Person) => `${name} <${email}>`;

/**
 * The Publish merge commit's message: what a person reads in `git log`, then the anchor as the last
 * paragraph (a git trailer). `anchored: false` gives the message Publish commits had before the anchor.
 */
export function publishMessage(line: UnanchoredPublication, { anchored = true } = {}): string {
  const { entry, approver } = line;
  const message = [
    `Publish ${entry.collection}/${entry.slug}`,
    '',
    `Written by ${line.authors.map(person).join(', ')}.`,
    `Approved by ${person(approver)} at ${line.approvedAt} (${line.approvedCommit}).`,
    `Published by ${person(line.publisher)}.`,
  ];
  if (anchored) message.push('', `${ANCHOR_TRAILER}: sha256:${anchorOf(line)}`);
  return message.join('\n');
}
