import { Link, useLoaderData } from 'react-router-dom';
import { PageHero } from '../components/page-hero';
import { servicePages } from '../content/service-pages';
import type { ServiceSlug } from '../content/service-pages';
import type { RouteHandle } from '../page-meta';
import { paths } from '../paths';

interface ServiceLoaderData {
  slug: ServiceSlug;
}

export const handle: RouteHandle = {
  meta: (data) => {
    const page = servicePages[(data as ServiceLoaderData).slug];
    return { title: page.title, description: page.heroText };
  },
};

export function Component() {
  const { slug } = useLoaderData() as ServiceLoaderData;
  const page = servicePages[slug];
  return (
    <>
      <PageHero title={page.heroTitle} eyebrow={page.title}>
        <p>{page.heroText}</p>
      </PageHero>
      <section className="section container">
        <h2>{page.closing.heading}</h2>
        <p>{page.closing.text}</p>
        <Link className="button button--primary" to={paths.contact}>
          Get Started Today
        </Link>
      </section>
    </>
  );
}
