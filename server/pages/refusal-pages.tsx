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
import { ERROR_CACHE_CONTROL } from './page-answers';
import type { RefusalAnswer } from './page-answers';
import type { RenderRefused } from './render-admission';

type RefusalStatus = RenderRefused['status'];

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

/**
 * The two refusals, each as a page and as page data (for /_data, the same
 * words as JSON), each made on first use and then sent from memory, by
 * Express's page handler and by the fast lane alike.
 */
export function createRefusalPages(site: Pick<SiteFile, 'firm' | 'refusals'>) {
  const { refusals } = site;
  const words: Record<RefusalStatus, { title: string; message: string }> = {
    429: { title: refusals.tooManyTitle, message: refusals.tooManyMessage },
    503: { title: refusals.busyTitle, message: refusals.busyMessage },
  };
  const made = new Map<string, Promise<EncodedBody>>();
  const bodyOf = (status: RefusalStatus, which: 'html' | 'data') => {
    let body = made.get(`${status} ${which}`);
    if (!body) {
      const text =
        which === 'html'
          ? `<!DOCTYPE html>${renderToStaticMarkup(<RefusalDocument {...words[status]} back={refusals.back} firmName={site.firm.name} />)}`
          : JSON.stringify({ message: `${words[status].title}. ${words[status].message}` });
      made.set(`${status} ${which}`, (body = encodeBody(text)));
    }
    return body;
  };
  return {
    /** What `refusal` sends for a page (`html`) or its data. */
    async answer(refusal: RenderRefused, which: 'html' | 'data'): Promise<RefusalAnswer> {
      return {
        body: await bodyOf(refusal.status, which),
        send: {
          status: refusal.status,
          contentType: which === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
          cacheControl: ERROR_CACHE_CONTROL,
        },
        retryAfterSeconds: refusal.retryAfterSeconds,
      };
    },
  };
}
