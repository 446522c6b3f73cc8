import { Outlet, ScrollRestoration } from 'react-router-dom';
import { HydrateLater } from './hydrate-later';
import { NavBar } from './nav-bar';
import { MAIN_ID, RouteAnnouncer } from './route-announcer';
import { SiteFooter } from './site-footer';

/** Nav bar, the page, and the footer: the frame every page sits in. */
export function SiteLayout() {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <NavBar />
      <main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
      {/* Below the fold on every page: hydrated after the page's top (decision 022). */}
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
      {/* After a client-side navigation: focus on the new h1, its title read out. */}
      <RouteAnnouncer />
      {/* New pages start at the top, Back returns to where you were, #hash links land on their target. */}
      <ScrollRestoration />
    </>
  );
}
