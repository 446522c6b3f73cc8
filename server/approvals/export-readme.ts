/** README.txt of an export (export-record.ts): what each file is, and how to check the chain by hand. */
export const EXPORT_README = `APPROVAL RECORD OF THE FIRM'S WEBSITE
=====================================

Every publication of the website approved by compliance, and every published
version of the site as the public saw it, kept under SEC Rule 204-2.

THE FILES

approvals.jsonl
    The record, copied byte for byte. One JSON object per line, in the order
    they were written, never changed or removed:
    - "kind": "publication": an approved change published: the entry
      (collection, slug, files), its authors, the approver and the publisher
      (never an author), the times it was written, approved and published,
      the commit approved and the commit published, and the change itself
      ("change.diff", a unified diff, with its SHA-256).
    - "kind": "archive": a published version bound to its archive: the
      content commit, the WARC file that holds the site as served from it and
      the WARC's SHA-256, its manifest's SHA-256, and "visibleChange": what a
      visitor read differently from the archive before it (the report text
      and its SHA-256). "capturedFor" names another commit when this one
      changed nothing a visitor sees, so the archive of that one holds it.
    Each line has "seq" (1, 2, 3, ...) and "previous": the SHA-256 of the
    line before it, exactly as written, without its newline character (the
    first line's is 64 zeros). Changing, removing, inserting or reordering
    any line breaks the link of the line after it.

approvals.head
    {"seq": N, "sha256": "..."}: the last line's number and the SHA-256 of
    its bytes. No line comes after the last one to vouch for it; this does.

site-<UTC time>-<commit>.warc.gz
    The website as the public saw it, every page and file, in WARC 1.1
    (ISO 28500). Open it in https://replayweb.page (in the browser; the file
    is not uploaded) and browse it.

site-<UTC time>-<commit>.manifest.json
    Each WARC's manifest: its SHA-256, the site's address, the content
    commit, the capture time, and every record's URL, status and digest.

changes-<commit>.txt
    What a visitor read differently in that version than in the one archived
    before it (pages, sentences, images, outside links): the text recorded in
    that commit's archive line as "visibleChange.report".

record.txt
    The record in words: one block per line, with each publication's diff
    and each archive's change report.

HOW TO CHECK IT BY HAND (sha256sum and jq, in this folder)

1. Each line's "previous" is the SHA-256 of the line before it:

   n=$(wc -l < approvals.jsonl)
   for i in $(seq 2 "$n"); do
     want=$(sed -n "$((i-1))p" approvals.jsonl | tr -d '\\n' | sha256sum | cut -d' ' -f1)
     got=$(sed -n "\${i}p" approvals.jsonl | jq -r .previous)
     [ "$want" = "$got" ] || echo "line $i: previous does not match line $((i-1))"
   done
   sed -n 1p approvals.jsonl | jq -r .previous      # 64 zeros

2. The lines are numbered 1, 2, 3 with none missing:

   jq -r .seq approvals.jsonl | awk '$1 != NR { print "line " NR ": seq " $1 }'

3. The last line is the one the head names:

   tail -n 1 approvals.jsonl | tr -d '\\n' | sha256sum    # equals:
   jq -r .sha256 approvals.head

4. Every archive is the file the record bound:

   jq -r 'select(.kind == "archive") | "\\(.warc.sha256)  \\(.warc.file)",
          (.manifest // empty | "\\(.sha256)  \\(.file)")' approvals.jsonl | sort -u | sha256sum -c

5. Each change report is the one its line recorded (equal SHA-256):

   sha256sum changes-*.txt
   jq -r 'select(.visibleChange) | "\\(.visibleChange.sha256)  \\(.commit[0:12])"' approvals.jsonl

Nothing printed by 1 and 2, equal hashes in 3 and 5, and "OK" for every
file in 4: the record is as written. With the site's code at hand,
"npm run approvals -- verify THIS_FOLDER" runs the same checks and also reads
every WARC back record by record; "npm run archive -- diff OLD.warc.gz
NEW.warc.gz", run in this folder, prints a change report again.
`;
