import { Link, useLoaderData } from 'react-router-dom';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { PageHero } from '../components/page-hero';
import { EPISODES_PER_PAGE } from '../constants';
import { episodes } from '../content/episodes';
import { podcast } from '../content/site';
import type { RouteHandle } from '../page-meta';
import { anchors, paths } from '../paths';
import { pageCount, paginate, parsePageParam } from '../rules/pagination';

export function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get('page');
  const page = parsePageParam(raw, pageCount(episodes.length, EPISODES_PER_PAGE));
  return paginate(episodes, page, EPISODES_PER_PAGE);
}

export const handle: RouteHandle = {
  meta: () => ({ title: 'Podcast Episodes', description: `Every episode of ${podcast.name}.` }),
};

export function Component() {
  const list = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero title="Podcast Episodes" />
      <section id={anchors.episodes} className="section container">
        <h2>Latest Episodes</h2>
        <p>
          Page {list.page} of {list.pageCount} ({list.totalItems} total episodes)
        </p>
        <ul>
          {list.items.map((episode) => (
            <li key={episode.id}>
              <Link to={paths.episode(episode.id)}>{episode.title}</Link>
            </li>
          ))}
        </ul>
        <nav aria-label="Episode pages">
          {Array.from({ length: list.pageCount }, (_, i) => i + 1).map((n) => (
            <Link key={n} to={paths.podcastPage(n)} aria-current={n === list.page ? 'page' : undefined}>
              {n}
            </Link>
          ))}
        </nav>
      </section>
    </>
  );
}
