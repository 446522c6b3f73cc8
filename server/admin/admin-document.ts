/**
 * The one way the admin surface writes an HTML document: the editor's page (admin-surface.ts) and the
 * sign-in's pages (sign-in/sign-in-pages.ts). Never indexed, no inline script or style (the admin's
 * CSP allows neither for these), what goes into the head and body given already escaped.
 */

/** Text for an element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function adminDocument(title: string, head: string[], body: string[]): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(title)}</title>`,
    ...head,
    '</head>',
    ...body,
    '</html>',
  ].join('\n');
}
