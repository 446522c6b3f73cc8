import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router-dom';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { UnexpectedError } from '../components/route-error-boundary';
import { episodes } from '../content/episodes';
import type { Episode } from '../content/types';
import type { RouteHandle } from '../page-meta';
import { paths } from '../paths';

export function loader({ params }: LoaderFunctionArgs): Episode {
  const episode = episodes.find((candidate) => candidate.id === params.episodeId);
  if (!episode) throw data(null, { status: 404, statusText: 'Not Found' });
  return episode;
}

export const handle: RouteHandle = {
  meta: (episode) =>
    episode
      ? { title: (episode as Episode).title, description: (episode as Episode).description.slice(0, 160) }
      : { title: 'Episode Not Found', description: 'This episode could not be found.' },
};

export function Component() {
  const episode = useLoaderData<typeof loader>();
  return (
    <article className="section container">
      <Link to={paths.podcast}>Back to All Episodes</Link>
      <h1>{episode.title}</h1>
      <h2>About This Episode</h2>
      <p>{episode.description}</p>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <UnexpectedError error={error} />;
  return (
    <section className="status-screen">
      <div className="container status-screen__inner">
        <h1>Episode Not Found</h1>
        <p>We could not find that episode. It may have been renamed or removed.</p>
        <Link className="button button--primary" to={paths.podcast}>
          ← Back to Podcast
        </Link>
      </div>
    </section>
  );
}
