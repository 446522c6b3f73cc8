import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../paths';

export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    // The server logs the address it could not find; this covers in-app navigation.
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <section className="status-screen">
      <div className="container status-screen__inner">
        <p className="status-screen__code" aria-hidden="true">
          404
        </p>
        <h1>Oops! Page not found</h1>
        <p>The page you were looking for has moved or never existed.</p>
        <Link className="button button--primary" to={paths.home}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}
