/**
 * The lines of ARCHIVE_DIR/approvals.jsonl (issue 46): what the editor's backend hands the record
 * when an entry is published, and what the archive hands it when that version is archived. The
 * record (this room) adds each line's place in the chain: `seq` and `previous`, the SHA-256 of the
 * line before it, as written.
 */

export interface Person {
  email: string;
  name: string;
}

/** One publication: an approved entry merged into the published branch. */
export interface PublicationLine {
  kind: 'publication';
  /** Decap's collection and slug, and every file the merge changed (content/… and public/media/uploads/…). */
  entry: { collection: string; slug: string; files: string[] };
  /** Everyone who wrote a commit of the entry's changes, in order of their first commit. */
  authors: Person[];
  /** The reviewer who approved approvedCommit (never one of the authors). */
  approver: Person;
  /** Who published it (a reviewer, never an author; often the approver). */
  publisher: Person;
  /** ISO times: each of the entry's commits (writing), the approval, the publication. */
  writtenAt: string[];
  approvedAt: string;
  publishedAt: string;
  /** The entry branch's commit the reviewer approved, and the published branch's commit that carries it. */
  approvedCommit: string;
  publishedCommit: string;
  /** The change in the entry's files, as a unified diff of the published branch before and after, and its SHA-256. */
  change: { diff: string; sha256: string };
}

/** A published version archived: the commit bound to its WARC in the same folder. */
export interface ArchiveLine {
  kind: 'archive';
  commit: string;
  archivedAt: string;
  warc: { file: string; sha256: string };
  /** The manifest beside the WARC (it names the content commit), by file name and SHA-256, when there is one. */
  manifest?: { file: string; sha256: string };
  /**
   * The content commit the WARC was captured for, when it is not `commit`: this commit changed nothing a visitor
   * sees, so the server found the newest archive already saying the same and wrote none.
   */
  capturedFor?: string;
  /** What a visitor reads differently from the version archived before it (the archive diff as text), when there was one. */
  visibleChange?: { previousWarc: string; report: string; sha256: string };
}

/**
 * A month's audience figures written into the archive (server/analytics/monthly-figures.ts, decision 040):
 * the file, by its path in the archive folder and SHA-256, and the version of the counting method they
 * were made by, so figures counted by different rules are never compared unawares.
 */
export interface AnalyticsLine {
  kind: 'analytics';
  /** YYYY-MM, UTC. */
  month: string;
  writtenAt: string;
  /** ANALYTICS_METHOD_VERSION (server/analytics/counts.ts) when the figures were counted. */
  method: string;
  file: { path: string; sha256: string };
}

export type ApprovalLine = PublicationLine | ArchiveLine | AnalyticsLine;

/** As written: the line and its place in the chain. */
export type RecordedLine = ApprovalLine & { seq: number; previous: string };
