import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { NAV_SCROLL_THRESHOLD_PX } from '../constants';
import { paths } from '../paths';
import { useSiteData } from '../site-data';
import { BrandMark } from './brand-mark';

const MENU_ID = 'main-menu';

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

  // Any navigation (a menu link, the back button) closes the menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className={`site-header${scrolled ? ' site-header--solid' : ''}${menuOpen ? ' site-header--menu-open' : ''}`}>
      <nav className="site-nav container" aria-label="Main">
        <Link to={paths.home} className="site-nav__brand" aria-label={`${firm.name} home`}>
          <BrandMark />
        </Link>
        <button
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
