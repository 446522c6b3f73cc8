/**
 * The search box of the Episodes section: a plain GET form to /podcast, so it
 * works without JavaScript (the server answers with the results). With
 * JavaScript the router submits it as a navigation: the results come from
 * /_data without a reload, the URL (?q=…&format=…) stays shareable, and the
 * list's heading, which names the results, takes focus.
 */
import { Form } from 'react-router-dom';
import type { EpisodeSearchContent } from '../../content/types';
import { anchors, paths } from '../../paths';
import { MAX_QUERY_LENGTH } from '../../rules/episode-search';
import type { EpisodeSearch } from '../../rules/episode-search';
import { paginationNavigationState } from './pagination-nav';

export type EpisodeSearchCopy = EpisodeSearchContent;

const QUERY_ID = 'episode-search-q';
const FORMAT_ID = 'episode-search-format';
const HINT_ID = 'episode-search-hint';

export function EpisodeSearchForm({ copy, search }: { copy: EpisodeSearchCopy; search?: EpisodeSearch }) {
  return (
    <Form
      method="get"
      action={`${paths.podcast}#${anchors.episodes}`}
      role="search"
      aria-label={copy.label}
      className="episode-search"
      preventScrollReset
      state={paginationNavigationState}
    >
      <div className="episode-search__field episode-search__field--query">
        <label htmlFor={QUERY_ID}>{copy.label}</label>
        <input
          id={QUERY_ID}
          name="q"
          type="search"
          defaultValue={search?.q ?? ''}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={HINT_ID}
        />
        <p id={HINT_ID} className="episode-search__hint">
          {copy.hint}
        </p>
      </div>
      <div className="episode-search__field episode-search__field--format">
        <label htmlFor={FORMAT_ID}>{copy.formatLabel}</label>
        <select id={FORMAT_ID} name="format" defaultValue={search?.format ?? ''}>
          <option value="">{copy.allFormats}</option>
          <option value="video">{copy.video}</option>
          <option value="audio">{copy.audio}</option>
        </select>
      </div>
      <button type="submit" className="button button--primary episode-search__submit">
        {copy.submit}
      </button>
    </Form>
  );
}
