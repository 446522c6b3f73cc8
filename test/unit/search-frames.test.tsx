import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { searchHref } from '../../shared/rules/episode-search';
import { createSearchFrames } from '../../server/pages/search-frames';
import type { SearchOnPage } from '../../server/pages/search-frames';

/** A frame with the query where EpisodesSection has it: in text, in an input's value, and in a link to page 2. */
function Frame({ search }: { search: SearchOnPage }) {
  return (
    <section>
      <h2>{`${search.results.totalItems} episodes match “${search.q}”`}</h2>
      <input name="q" defaultValue={search.q} />
      <a href={searchHref('/podcast', search, 2)}>2</a>
    </section>
  );
}

const searchFor = (q: string, totalItems = 9, format?: 'audio' | 'video'): SearchOnPage => ({
  q,
  ...(format ? { format } : {}),
  results: { items: [], page: 1, pageCount: 2, totalItems },
});

describe('search frames', () => {
  it('fill in the query as React writes it, in text, in a value and in a link', () => {
    let renders = 0;
    const render = (search: SearchOnPage) => {
      renders += 1;
      return renderToString(<Frame search={search} />);
    };
    const frames = createSearchFrames();
    const queries = [
      'tax',
      `"tax" & <estate> 'trust'`,
      '50%+fee a/b?c#d=e',
      'Ünïcödé “é” 😀',
      // The slot itself, as a character and as a link writes it.
      '\uE002 %EE%80%82',
    ];
    for (const q of queries) expect(frames.fill(searchFor(q), render), q).toBe(renderToString(<Frame search={searchFor(q)} />));
    // One template for the one shape.
    expect(renders).toBe(1);
  });

  it('keep one template per shape of results, and fill none for a search without words', () => {
    const shapes: string[] = [];
    const render = (search: SearchOnPage) => {
      shapes.push(`${search.results.totalItems}|${search.format ?? ''}`);
      return renderToString(<Frame search={search} />);
    };
    const frames = createSearchFrames();
    frames.fill(searchFor('tax', 9), render);
    frames.fill(searchFor('fee', 9), render);
    frames.fill(searchFor('fee', 3), render);
    frames.fill(searchFor('fee', 3, 'video'), render);
    expect(frames.fill(searchFor('', 9, 'audio'), render)).toBeUndefined();
    expect(shapes).toEqual(['9|', '3|', '3|video']);
  });
});
