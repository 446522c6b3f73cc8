import { useEffect, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '../paths';
import { useSiteData } from '../site-data';
import { BrandMark } from './brand-mark';

const MENU_ID = 'main-menu';
/**
 * Spec §9: the nav bar turns solid once the page has scrolled this far. Here rather than in
 * shared/constants.ts: esbuild inlines the browser's constants, and the module they came from was
 * left as an empty chunk that every page downloaded (the page, podcast and episode routes shared it).
 */
const NAV_SCROLL_THRESHOLD_PX = 50;

/** True once the page is scrolled past `threshold` pixels. Starts false so the server's HTML matches. */
function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

export function NavBar() {
  const { firm, mainNav } = useSiteData();
  const [menuOpen, setMenuOpen] = useState(false);
  const scrolled = useScrolledPast(NAV_SCROLL_THRESHOLD_PX);
  const { pathname } = useLocation();

  const toggleRef = useRef<HTMLButtonElement>(null);

  // Any navigation (a menu link, the back button) closes the menu: in the render that
  // meets the new path, so the menu never shows open over the next page.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  // A disclosure menu: Escape closes it and gives focus back to its button...
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (!menuOpen || event.key !== 'Escape') return;
    setMenuOpen(false);
    toggleRef.current?.focus();
  };
  // ...and it closes once focus leaves the header, so focus never sits on the page hidden behind it.
  const closeOnFocusLeaving = (event: FocusEvent<HTMLElement>) => {
    if (menuOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) setMenuOpen(false);
  };

  return (
    <header
      className={`site-header${scrolled ? ' site-header--solid' : ''}${menuOpen ? ' site-header--menu-open' : ''}`}
      onKeyDown={closeOnEscape}
      onBlur={closeOnFocusLeaving}
    >
      <nav className="site-nav container" aria-label="Main">
        <Link to={paths.home} className="site-nav__brand" aria-label={`${firm.name} home`}>
          <BrandMark />
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="site-nav__toggle"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="site-nav__toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <ul id={MENU_ID} className={`site-nav__links${menuOpen ? ' site-nav__links--open' : ''}`}>
          {mainNav.map((item) => (
            <li key={item.href}>
              <NavLink to={item.href} end className="site-nav__link" onClick={() => setMenuOpen(false)}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
