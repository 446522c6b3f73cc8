/**
 * The editor at /admin (Decap CMS, server/admin/). Its own bundle, loaded only
 * by the admin page and outside the page budgets (scripts/build/build.ts); it
 * shares the site's React, so the preview renders with the site's own
 * components: an editor sees an episode as a visitor will.
 *
 * The config is fetched from /admin/config.json (generated from the content
 * schema, with the backend the server's environment names); the preview's
 * stylesheets and the icon sprite are named by the page's meta elements.
 * Beside the previews, one widget of its own: a value that is a word or a
 * list (the footer groups' links, 'mainNav' or links of their own).
 */
import CMS from 'decap-cms-app';
import type { CmsWidgetControlProps, CmsWidgetPreviewProps, PreviewTemplateComponentProps } from 'decap-cms-core';
import { Component, useMemo } from 'react';
import type { ChangeEvent, ComponentClass, ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { APP_PAYLOAD_ELEMENT_ID } from '../shared/app-payload';
import { SITE_BACKEND_NAME, SiteBackend } from './admin-site-backend';
import type { AppPayload } from '../shared/app-payload';
import { PressCardList } from '../shared/components/press-card';
import type { Block, Episode, PressItem } from '../shared/content/types';
import { DocumentContext } from '../shared/document-context';
import type { DocumentData } from '../shared/document-context';
import { Component as EpisodePage } from '../shared/pages/episode-page';
import type { EpisodePageData } from '../shared/pages/episode-page';
import { Component as ServicePage } from '../shared/pages/service-page';
import type { ServicePageData } from '../shared/pages/service-page';
import { SERVICE_SLUGS } from '../shared/content/service-slugs';
import { markdownBlocks, plainText } from '../shared/content/markdown';
import { paths } from '../shared/paths';
import { chooseEpisodeMedia, episodeActions } from '../shared/rules/episode-media';
import { SITE_ROUTE_ID } from '../shared/site-data';
import type { SiteData } from '../shared/site-data';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

let documentData: DocumentData = {
  assets: { entryScript: '', deferredModules: [], styles: [], stylesheets: { pages: {}, site: '' }, iconSprite: meta('icon-sprite') },
  payloadJson: '{}',
  inlineStyles: '',
};

/**
 * What every page's frame needs (the root route's SiteData) and an episode page's fixed copy, as the
 * server published them: read from the payloads of the live /podcast page and of its newest episode's
 * page, so the preview's words around the entry are the site's, and no content is bundled into this script.
 */
let site: SiteData | undefined;
let episodeCopy: Pick<EpisodePageData, 'comingSoonNote' | 'words'> | undefined;
async function payloadOf(path: string): Promise<AppPayload | undefined> {
  const html = await (await fetch(path, { headers: { accept: 'text/html' } })).text();
  const json = new DOMParser().parseFromString(html, 'text/html').getElementById(APP_PAYLOAD_ELEMENT_ID)?.textContent;
  return json ? (JSON.parse(json) as AppPayload) : undefined;
}
async function loadSiteData() {
  const payload = await payloadOf(paths.podcast);
  if (!payload) return;
  site = payload.router.loaderData?.[SITE_ROUTE_ID] as SiteData | undefined;
  documentData = { ...documentData, assets: { ...documentData.assets, iconSprite: payload.assets.iconSprite } };
  const newest = Object.values(payload.router.loaderData ?? {})
    .map((data) => (data as { list?: { items: Episode[] } } | null)?.list?.items[0]?.id)
    .find(Boolean);
  const episodePage = newest ? await payloadOf(paths.episode(newest)) : undefined;
  episodeCopy = Object.values(episodePage?.router.loaderData ?? {}).find((data) => (data as EpisodePageData | null)?.words) as
    EpisodePageData | undefined;
}

/** 'June 10, 2025', as the site's pages show a date (server/content/publication.ts formats it the same way, in UTC). */
function displayDate(date: unknown): string {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * The Markdown body as the page's blocks, made by the code the site makes them with at publication
 * (markdown-it, as server/content/markdown.ts configures it), so headings, lists, links and
 * emphasis show as they will. Placeholders such as {{firm.name}} stay as typed.
 */
function blocksOf(body: unknown): Block[] {
  return markdownBlocks(String(body ?? ''), { firmEmail: site?.firm.email ?? '' });
}

type Data = Record<string, unknown>;
const dataOf = (entry: PreviewTemplateComponentProps['entry']) =>
  ((entry.get('data') as { toJS?: () => Data } | undefined)?.toJS?.() ?? {}) as Data;
const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/** Where uploads go in the repository and the address the site serves them at (the config's media_folder and public_folder). */
let uploads: { folder: string; publicPath: string } | undefined;

type ImmutableMap = { get(key: string): unknown };

/**
 * A picture uploaded into this entry and not published yet, as the blob: URL the page holds it under.
 * Decap takes a value that starts with "/" (/media/uploads/<name>) for an address on the site and
 * asks the site for it, which has it only once the entry is published (decap-cms issue 7587); the
 * entry's own media files (an upload of this session, or a draft's files read from its branch) hold it.
 */
function unpublishedPicture(entry: ImmutableMap | undefined, path: string): string | undefined {
  if (!uploads || !path.startsWith(`${uploads.publicPath}/`)) return undefined;
  const file = `${uploads.folder}/${path.slice(uploads.publicPath.length + 1)}`;
  const mediaFiles = entry?.get('mediaFiles') as { find(test: (media: ImmutableMap) => boolean): ImmutableMap | undefined } | undefined;
  const url = mediaFiles?.find((media) => media.get('path') === file)?.get('url');
  return typeof url === 'string' && url ? url : undefined;
}

/** The picture's address for the preview: an unpublished upload's blob: URL, else the site's address. */
function assetUrl(entry: ImmutableMap, getAsset: PreviewTemplateComponentProps['getAsset'], path: unknown): string {
  if (typeof path !== 'string' || !path) return '';
  const unpublished = unpublishedPicture(entry, path);
  if (unpublished) return unpublished;
  const asset = getAsset(path) as unknown as { url?: string; toString(): string } | undefined;
  return asset?.url || String(asset ?? path);
}

/**
 * Decap's image widget, with its thumbnail of an unpublished upload taken from the entry's media files
 * (see unpublishedPicture): asked the site, it showed a broken picture until the entry was published.
 * Everything else, its ref included (a prop in React 19), is Decap's own.
 */
function imageControlOf(ImageControl: ComponentType<Record<string, unknown>>) {
  return function ImageControlShowingUploads(props: Record<string, unknown>) {
    const { entry, getAsset } = props as { entry?: ImmutableMap; getAsset: (path: string, field: unknown) => unknown };
    const showingUploads = useMemo(
      () => (path: string, field: unknown) => unpublishedPicture(entry, path) ?? getAsset(path, field),
      [entry, getAsset],
    );
    return <ImageControl {...props} getAsset={showingUploads} />;
  };
}

const keys = new WeakMap<object, number>();
let nextKey = 0;
const routerKeys = (router: object) => keys.get(router) ?? (keys.set(router, ++nextKey), nextKey);

/** A page component of the route tree, rendered with the data its loader would return, in a router of its own. */
function SitePage({ page: Page, data }: { page: ComponentType; data: unknown }) {
  const router = useMemo(
    () =>
      createMemoryRouter(
        [
          {
            id: SITE_ROUTE_ID,
            path: '/',
            element: <Outlet />,
            loader: () => site,
            children: [{ id: 'preview', index: true, element: <Page />, loader: () => data }],
          },
        ],
        { hydrationData: { loaderData: { [SITE_ROUTE_ID]: site, preview: data } } },
      ),
    [Page, data],
  );
  return (
    <DocumentContext.Provider value={documentData}>
      <main id="main-content">
        {/* RouterProvider keeps the state of the first router it was given: a new entry's data is a new router, so a new provider. */}
        <RouterProvider key={routerKeys(router)} router={router} />
      </main>
    </DocumentContext.Provider>
  );
}

function EpisodePreview({ entry, getAsset }: PreviewTemplateComponentProps) {
  const data = dataOf(entry);
  const links = {
    listenUrl: text(data.listenUrl) || '#',
    isYouTube: data.isYouTube === true,
    isSpotifyVideo: data.isSpotifyVideo === true,
    image: assetUrl(entry, getAsset, data.image),
    ...(data.audioUrl ? { audioUrl: text(data.audioUrl) } : {}),
  };
  const episode: Episode = {
    id: text(entry.get('slug')) || 'new-episode',
    number: typeof data.number === 'number' ? `Episode ${data.number}` : '',
    title: text(data.title),
    date: data.showDate === false ? '' : displayDate(data.date),
    published: text(data.date),
    duration: text(data.duration),
    description: plainText(blocksOf(data.body)),
    body: blocksOf(data.body),
    ...links,
    actions: episodeActions(links),
    ...(data.draft === true ? { status: 'draft' as const } : data.publishAt ? { status: 'scheduled' as const } : {}),
  };
  const pageData = {
    episode,
    media: chooseEpisodeMedia(links),
    comingSoonNote: episodeCopy?.comingSoonNote ?? '',
    words: episodeCopy?.words,
  } as unknown as EpisodePageData;
  return <SitePage page={EpisodePage} data={pageData} />;
}

function PressPreview({ entry, getAsset }: PreviewTemplateComponentProps) {
  const data = dataOf(entry);
  const item: PressItem = {
    id: typeof data.id === 'number' ? data.id : 0,
    title: text(data.title),
    date: displayDate(data.date),
    published: text(data.date),
    publication: text(data.publication),
    image: assetUrl(entry, getAsset, data.image),
    link: text(data.link) || '#',
    ...(data.draft === true ? { status: 'draft' as const } : data.publishAt ? { status: 'scheduled' as const } : {}),
  };
  return (
    <DocumentContext.Provider value={documentData}>
      <main id="main-content" className="press-page section">
        <div className="container">
          <PressCardList items={[item]} className="press-page__grid" />
        </div>
      </main>
    </DocumentContext.Provider>
  );
}

/** A service page: its file holds the page's content as the page renders it (placeholders such as {{firm.name}} stay as typed). */
function ServicePreview({ entry }: PreviewTemplateComponentProps) {
  const data = dataOf(entry) as unknown as ServicePageData['page'];
  const page = {
    ...data,
    sections: Array.isArray(data.sections) ? data.sections.map((section) => ({ ...section, items: section.items ?? [] })) : [],
    closing: data.closing ?? { heading: '', text: '' },
  };
  return <SitePage page={ServicePage} data={{ page } as unknown as ServicePageData} />;
}

/** The words a keyword-or-list field offers (server/admin/cms-config.ts, KEYWORD_OR_LIST_WIDGET). */
function keywordsOf(field: CmsWidgetControlProps['field']): Array<{ value: string; label: string }> {
  return (field.get('keywords') as { toJS?: () => Array<{ value: string; label: string }> } | undefined)?.toJS?.() ?? [];
}

/** value: one of the words, or the list (an Immutable List; null while a new one is empty). */
interface KeywordOrListProps extends CmsWidgetControlProps<unknown> {
  /** Decap's check of this field (required, pattern), and what marks it active. */
  validate?: () => void;
  setActiveStyle?: () => void;
  setInactiveStyle?: () => void;
}

/** What the editor calls on Decap's list widget: check its items, and focus one of them. */
interface ListControlInstance {
  validate?: () => void;
  focus?: (path: string) => void;
}

/**
 * A value that is one of a few words or a list of its own (the site's footer groups: 'mainNav', the
 * navigation bar's links, or links of their own), which Decap has no widget for: a choice between
 * the words and "… of its own", and for that one Decap's own list widget, given this field's list
 * config (`fields`, `min`). Registered as 'keyword-or-list', the name server/admin/cms-config.ts gives it.
 */
class KeywordOrListControl extends Component<KeywordOrListProps> {
  private list: ListControlInstance | null = null;
  /** The list as it was when a word was chosen: choosing the list again brings it back. */
  private setAside: unknown = null;

  /** As Decap's list widget: it shows its items' errors, which change without the value changing. */
  override shouldComponentUpdate() {
    return true;
  }

  /** The editor checks a field before saving: the list checks its items (and itself), a word only this field. */
  validate = () => (this.list?.validate ? this.list.validate() : this.props.validate?.());

  focus(path: string) {
    this.list?.focus?.(path);
  }

  private choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const { value, onChange } = this.props;
    if (event.target.value === '') {
      onChange(this.setAside);
    } else {
      if (typeof value !== 'string') this.setAside = value ?? null;
      onChange(event.target.value);
    }
  };

  override render() {
    const { value, field, forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
    const label = String(field.get('label') ?? field.get('name'));
    const keywords = keywordsOf(field);
    const word = typeof value === 'string' ? value : '';
    const ListWidget = CMS.getWidget('list')!.control as unknown as ComponentClass<Record<string, unknown>>;
    return (
      <div>
        <select
          id={`${forID}-choice`}
          aria-label={label}
          className={classNameWrapper}
          value={word}
          onChange={this.choose}
          onFocus={setActiveStyle}
          onBlur={setInactiveStyle}
        >
          {keywords.map((keyword) => (
            <option key={keyword.value} value={keyword.value}>
              {keyword.label}
            </option>
          ))}
          {/* A word the file has that the schema does not know: shown as it is (content:check names it). */}
          {word && !keywords.some((keyword) => keyword.value === word) ? <option value={word}>{word}</option> : null}
          <option value="">{`${label} of its own`}</option>
        </select>
        {word === '' ? (
          <ListWidget
            {...(this.props as unknown as Record<string, unknown>)}
            value={value ?? undefined}
            ref={(instance: object | null) => {
              this.list = instance as ListControlInstance | null;
            }}
          />
        ) : null}
      </div>
    );
  }
}

/** The preview of such a field: the word's label, or the list as Decap previews a list. */
function KeywordOrListPreview(props: CmsWidgetPreviewProps<unknown>) {
  const { value, field } = props;
  if (typeof value === 'string') return <p>{keywordsOf(field).find((keyword) => keyword.value === value)?.label ?? value}</p>;
  const ListPreview = CMS.getWidget('list')?.preview as unknown as ComponentType<Record<string, unknown>> | undefined;
  return ListPreview ? <ListPreview {...(props as unknown as Record<string, unknown>)} /> : null;
}

async function start() {
  await loadSiteData().catch(() => undefined);
  for (const href of meta('preview-styles').split(' ').filter(Boolean)) CMS.registerPreviewStyle(href);
  CMS.registerPreviewTemplate('episodes', EpisodePreview);
  CMS.registerPreviewTemplate('press', PressPreview);
  CMS.registerWidget('keyword-or-list', KeywordOrListControl, KeywordOrListPreview);
  // A files collection's previews are registered by file name.
  for (const slug of SERVICE_SLUGS) CMS.registerPreviewTemplate(slug, ServicePreview);
  // Decap's image widget, registered again with its own options, its control wrapped (imageControlOf).
  const { control, preview, ...imageOptions } = CMS.getWidget('image') as unknown as Record<string, unknown>;
  CMS.registerWidget({
    ...imageOptions,
    name: 'image',
    controlComponent: imageControlOf(control as ComponentType<Record<string, unknown>>),
    previewComponent: preview,
  } as never);
  const response = await fetch('/admin/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`/admin/config.json answered ${response.status}`);
  const config = (await response.json()) as { media_folder?: string; public_folder?: string };
  if (config.media_folder && config.public_folder) uploads = { folder: config.media_folder, publicPath: config.public_folder };
  CMS.registerBackend(SITE_BACKEND_NAME, SiteBackend as never);
  CMS.init({ config: config as never });
}

void start();
