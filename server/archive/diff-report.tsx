/**
 * `archive diff OLD NEW --html FILE`: the same report as formatDiff, as one
 * standalone HTML page a reviewer can open, read and print: no script, no
 * outside file, removed text struck through in red, added text in green.
 * Rendered with React, which escapes everything the pages said.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { ArchiveDiff, ArchiveLabel, PageChange } from './archive-diff';

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05rem; margin-bottom: .25rem; word-break: break-all; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dl.meta dt { font-weight: 600; }
ul.changes { list-style: none; padding-left: 0; }
ul.changes li { padding: .2rem .5rem; margin: .15rem 0; border-radius: 3px; }
.removed { background: #fde8e8; color: #7a0b0b; } .removed::before { content: "− "; font-weight: 700; }
.added { background: #e3f6e5; color: #0b4d17; } .added::before { content: "+ "; font-weight: 700; }
.context { color: #555; font-style: italic; margin: .75rem 0 0; }
.links { border: 2px solid #b36b00; padding: .5rem 1rem; border-radius: 4px; }
.same { font-weight: 600; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } section.page { break-inside: avoid; } }
`;

function Changes({ removed, added }: { removed: readonly string[]; added: readonly string[] }) {
  return (
    <ul className="changes">
      {removed.map((line, i) => (
        <li key={`r${i}`} className="removed">
          <del>{line}</del>
        </li>
      ))}
      {added.map((line, i) => (
        <li key={`a${i}`} className="added">
          <ins>{line}</ins>
        </li>
      ))}
    </ul>
  );
}

function ChangedPage({ page }: { page: PageChange }) {
  return (
    <section className="page">
      <h3>{page.url}</h3>
      {page.fields.map((field) => (
        <div key={field.field}>
          <p className="context">Page {field.field}</p>
          <Changes removed={[field.before]} added={[field.after]} />
        </div>
      ))}
      {page.text.map((change, i) => (
        <div key={i}>
          {change.context ? <p className="context">After “{change.context}”</p> : null}
          <Changes removed={change.removed} added={change.added} />
        </div>
      ))}
      {page.images.added.length + page.images.removed.length > 0 ? (
        <>
          <p className="context">Images</p>
          <Changes removed={page.images.removed} added={page.images.added} />
        </>
      ) : null}
      {page.outsideLinks.added.length + page.outsideLinks.removed.length > 0 ? (
        <>
          <p className="context">Outside links</p>
          <Changes removed={page.outsideLinks.removed} added={page.outsideLinks.added} />
        </>
      ) : null}
    </section>
  );
}

function Report({ diff, before, after }: { diff: ArchiveDiff; before: ArchiveLabel; after: ArchiveLabel }) {
  const linksChanged = diff.outsideLinks.added.length + diff.outsideLinks.removed.length > 0;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`Website changes: ${after.capturedAt ?? after.file}`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>Website changes between two archived versions</h1>
          <dl className="meta">
            {[
              ['Old', before],
              ['New', after],
            ].map(([label, archive]) => {
              const { file, capturedAt, commit } = archive as ArchiveLabel;
              return (
                <div key={label as string} style={{ display: 'contents' }}>
                  <dt>{label as string}</dt>
                  <dd>
                    {file}
                    {capturedAt ? `, captured ${capturedAt}` : ''}
                    {commit ? `, build ${commit.slice(0, 12)}` : ''}
                  </dd>
                </div>
              );
            })}
          </dl>
          {diff.same ? (
            <p className="same">No change: every page says the same, with the same images and outside links.</p>
          ) : (
            <p>
              Pages added: {diff.added.length}, removed: {diff.removed.length}, changed: {diff.changed.length}.
            </p>
          )}
          {linksChanged ? (
            <section className="links" aria-labelledby="links-heading">
              <h2 id="links-heading">Outside links changed</h2>
              <Changes removed={diff.outsideLinks.removed} added={diff.outsideLinks.added} />
            </section>
          ) : null}
          {diff.added.length > 0 ? (
            <section aria-labelledby="added-heading">
              <h2 id="added-heading">Pages added</h2>
              <Changes removed={[]} added={diff.added.map((page) => `${page.url}${page.title ? ` (${page.title})` : ''}`)} />
            </section>
          ) : null}
          {diff.removed.length > 0 ? (
            <section aria-labelledby="removed-heading">
              <h2 id="removed-heading">Pages removed</h2>
              <Changes removed={diff.removed.map((page) => `${page.url}${page.title ? ` (${page.title})` : ''}`)} added={[]} />
            </section>
          ) : null}
          {diff.changed.length > 0 ? (
            <section aria-labelledby="changed-heading">
              <h2 id="changed-heading">Pages changed</h2>
              {diff.changed.map((page) => (
                <ChangedPage key={page.url} page={page} />
              ))}
            </section>
          ) : null}
        </main>
      </body>
    </html>
  );
}

export function diffReportHtml(diff: ArchiveDiff, before: ArchiveLabel, after: ArchiveLabel): string {
  return `<!DOCTYPE html>\n${renderToStaticMarkup(<Report diff={diff} before={before} after={after} />)}\n`;
}
