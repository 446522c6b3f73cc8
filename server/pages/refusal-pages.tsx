/**
 * The page sent instead of one the site would have had to make
 * (./render-admission.ts): 429 to a client past its budget, 503 when the
 * render queue is full. Made once per content version, in the content's
 * words, and sent from memory: a refusal costs no render. Plain on purpose:
 * no stylesheet or script to fetch, nothing more to ask of a busy server.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteFile } from '../../shared/content/schema';
import { paths } from '../../shared/paths';
import { encodeBody } from './encoded-body';
import type { EncodedBody } from './encoded-body';

export type RefusalStatus = 429 | 503;

interface RefusalProps {
  title: string;
  message: string;
  back: string;
  firmName: string;
}

function RefusalDocument({ title, message, back, firmName }: RefusalProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | ${firmName}`}</title>
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          <p>{message}</p>
          <p>
            <a href={paths.podcast}>{back}</a>
          </p>
        </main>
      </body>
    </html>
  );
}

/** The two pages, each made on first use. */
export function createRefusalPages(site: Pick<SiteFile, 'firm' | 'refusals'>) {
  const { refusals } = site;
  const words: Record<RefusalStatus, { title: string; message: string }> = {
    429: { title: refusals.tooManyTitle, message: refusals.tooManyMessage },
    503: { title: refusals.busyTitle, message: refusals.busyMessage },
  };
  const made = new Map<RefusalStatus, Promise<EncodedBody>>();
  return {
    /** The page for `status`, as HTML. */
    html(status: RefusalStatus): Promise<EncodedBody> {
      let page = made.get(status);
      if (!page) {
        const html = `<!DOCTYPE html>${renderToStaticMarkup(<RefusalDocument {...words[status]} back={refusals.back} firmName={site.firm.name} />)}`;
        made.set(status, (page = encodeBody(html)));
      }
      return page;
    },
    /** What /_data answers instead: the same words, as JSON. */
    message: (status: RefusalStatus) => `${words[status].title}. ${words[status].message}`,
  };
}
