/**
 * The 'pick-a-person' sign-in of the local provider (./oidc-provider.ts): one page listing the people it
 * knows, a button each, which signs that person in; the consent step is granted at once, since the one
 * client is the site itself. The form is shaped like oidc-provider's development login (a `prompt` field,
 * the person in `login`), so test/support/editor-sign-in.ts signs in through either page alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

/** A person as the page lists them. */
export interface PickablePerson {
  email: string;
  name?: string;
  /** What the person may do, shown beside them. */
  role?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const STYLE = `body{font:1rem/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1f24}
main{max-width:32rem;margin:3rem auto;padding:0 1rem}ul{list-style:none;padding:0}li{margin:0 0 1rem}
button{display:block;width:100%;text-align:left;font:inherit;padding:.75rem 1rem;border:2px solid #1f4e79;border-radius:.375rem;background:#fff;color:#1b1f24;cursor:pointer}
button:hover{background:#e8f0f8}button:focus-visible{outline:3px solid #1f4e79;outline-offset:2px}
.who{display:block;font-weight:600}.what{display:block;color:#3d4550}`;

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
    `<style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

export function personPicker(
  provider: Provider,
  people: ReadonlyMap<string, PickablePerson>,
  text: { title: string; intro: string } = { title: 'Sign in on this machine', intro: 'Pick who you are.' },
) {
  /** The consent a first-party client would be given without asking: everything it asked for. */
  async function grantAll(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const missing = details.prompt.details;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('the grant is gone');
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    async show(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name !== 'login') return grantAll(req, res);
      const choices = [...people]
        .map(
          ([login, person]) =>
            `<li><button type="submit" name="login" value="${escapeHtml(login)}">` +
            `<span class="who">${escapeHtml(person.name ?? login)}</span><span class="what">${escapeHtml(person.email)}` +
            `${person.role ? ` · ${escapeHtml(person.role)}` : ''}</span></button></li>`,
        )
        .join('');
      const html = page(
        text.title,
        `<h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.intro)}</p>` +
          `<form method="post" action="/pick/${escapeHtml(details.uid)}/choose">` +
          `<input type="hidden" name="prompt" value="login"><ul>${choices}</ul></form>`,
      );
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
    },

    async choose(req: IncomingMessage, res: ServerResponse, form: URLSearchParams): Promise<void> {
      const login = form.get('login') ?? '';
      if (!people.has(login)) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Pick one of the people listed on the sign-in page.');
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    },
  };
}
