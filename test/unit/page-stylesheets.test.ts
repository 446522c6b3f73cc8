/**
 * A page's stylesheet is site.css with the imports of the files it does not use
 * left out (scripts/build/page-stylesheets.ts), and a route is drawn with its
 * page module's stylesheet or, without one, the whole site's (shared/page-stylesheet.ts).
 */
import { describe, expect, it } from 'vitest';
import { pageStylesheetSource } from '../../scripts/build/page-stylesheets';
import { stylesheetFor } from '../../shared/page-stylesheet';

const SITE_CSS = `/* The order. */
@import './components.css';
@import './home.css';
@import './press.css';
@import './podcast.css';

:root {
  --x: 1;
}
`;

describe('a page’s stylesheet source', () => {
  it('keeps components.css, the page’s files in site.css’s order, and site.css’s own rules', () => {
    expect(pageStylesheetSource(SITE_CSS, ['podcast.css', 'home.css'])).toBe(`/* The order. */
@import './components.css';
@import './home.css';
@import './podcast.css';

:root {
  --x: 1;
}
`);
  });

  it('refuses a file site.css does not import', () => {
    expect(() => pageStylesheetSource(SITE_CSS, ['pages.css'])).toThrow('shared/styles/site.css imports no pages.css');
  });
});

describe('the stylesheet a route is drawn with', () => {
  const stylesheets = {
    pages: { 'podcast-page': '/assets/page-podcast.css', 'service-page': '/assets/page-pages.css' },
    site: '/assets/entry.css',
  };

  it('is its page module’s, a variant’s route id included', () => {
    expect(stylesheetFor(stylesheets, 'podcast-page')).toBe('/assets/page-podcast.css');
    expect(stylesheetFor(stylesheets, 'service-page:estate-planning')).toBe('/assets/page-pages.css');
  });

  it('is the whole site’s for a route with no page module of its own', () => {
    expect(stylesheetFor(stylesheets, 'not-found')).toBe('/assets/entry.css');
    expect(stylesheetFor(stylesheets, undefined)).toBe('/assets/entry.css');
  });
});
