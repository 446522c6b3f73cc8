/**
 * What the document head says about a page. Every page's server loader
 * computes it (it needs the content and SITE_URL, which stay on the server)
 * and returns it with the page's data, so the head is part of the cached page
 * and follows client-side navigation. shared/components/document.tsx is the
 * one place that writes it into <head>.
 */
export interface PageHead {
  /** The full <title>. */
  title: string;
  description: string;
  /** Absolute, on SITE_URL; absent on error pages. */
  canonicalUrl?: string;
  /** For example 'noindex' on 404 pages. */
  robots?: string;
  /** Open Graph and Twitter card tags, in order. */
  meta: Array<{ name?: string; property?: string; content: string }>;
  /** Serialized JSON-LD, already escaped for a <script> element. */
  jsonLd?: string;
  /** The picture that paints largest first (a hero poster): preloaded at high priority. */
  lcpImage?: string;
}

/** Every route's loader data carries its head. */
export interface PageData {
  head: PageHead;
}

function isPageData(value: unknown): value is PageData {
  return typeof value === 'object' && value !== null && typeof (value as PageData).head?.title === 'string';
}

/**
 * The head of the deepest route that has one: the matched page's loader data,
 * or the data of the error it threw (a 404 carries the head of its screen).
 */
export function findPageHead(candidates: unknown[]): PageHead | undefined {
  for (let i = candidates.length - 1; i >= 0; i--) {
    const candidate = candidates[i];
    if (isPageData(candidate)) return candidate.head;
  }
  return undefined;
}
