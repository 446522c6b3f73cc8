import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { HIDDEN_ERROR_MESSAGE } from '../app-payload';
import { paths } from '../paths';
import { NotFound } from './not-found';

/** What a visitor may read about an error: the status text, or the message outside production. */
export function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (process.env.NODE_ENV !== 'production' && error instanceof Error) return error.message;
  return HIDDEN_ERROR_MESSAGE;
}

export function UnexpectedError({ error }: { error: unknown }) {
  return (
    <section className="status-screen" role="alert">
      <div className="container status-screen__inner">
        <h1>Unexpected Application Error!</h1>
        <p className="status-screen__detail">{describeError(error)}</p>
        <p>
          Please reload the page. If it keeps happening, <a href={paths.home}>return to the home page</a>.
        </p>
      </div>
    </section>
  );
}

/** The error element inside the layout: 404s get the not-found page, the rest the fallback screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <UnexpectedError error={error} />;
}
