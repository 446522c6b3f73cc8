import { Outlet, ScrollRestoration } from 'react-router-dom';
import { NavBar } from './nav-bar';
import { SiteFooter } from './site-footer';

/** Nav bar, the page, and the footer: the frame every page sits in. */
export function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {/* New pages start at the top, Back returns to where you were, #hash links land on their target. */}
      <ScrollRestoration />
    </>
  );
}
