import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../paths';
import { StatusScreen } from './status-screen';

export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    // The server logs the address it could not find; this covers in-app navigation.
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <StatusScreen
      code={404}
      title="Oops! Page not found"
      message="The page you were looking for has moved or never existed."
      action={{ to: paths.home, label: 'Return to Home' }}
    />
  );
}
