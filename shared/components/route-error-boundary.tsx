import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { HIDDEN_ERROR_MESSAGE } from '../app-payload';
import { paths } from '../paths';
import { NotFound } from './not-found';
import { StatusScreen } from './status-screen';

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

/** What a loader's 400 carries: what was wrong, in words a person can act on, and where to go instead. */
export interface BadRequestScreen {
  title: string;
  message: string;
  back: { to: string; label: string };
}

function isBadRequestScreen(value: unknown): value is BadRequestScreen {
  const screen = value as Partial<BadRequestScreen> | null;
  return typeof screen?.title === 'string' && typeof screen.message === 'string' && typeof screen.back?.to === 'string';
}

/** The error element inside the layout: 404s get the not-found page, a 400 says what to change, the rest the fallback screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 400 && isBadRequestScreen(error.data)) {
    const { title, message, back } = error.data;
    return <StatusScreen code={400} title={title} message={message} action={back} />;
  }
  return <UnexpectedError error={error} />;
}
