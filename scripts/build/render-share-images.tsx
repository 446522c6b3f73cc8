/**
 * Build step: the share cards (1200×630 PNG) for the site, every episode and
 * every service page, drawn from the content files, plus the favicon PNGs
 * and the web app manifest.
 *
 * satori lays the card out (flexbox, text shaped with the Inter font shipped
 * by @fontsource, so every machine draws the same pixels) and @resvg/resvg-js
 * rasterises the SVG; neither reads system fonts. A card's file name carries
 * a hash of everything that draws it (its text, this module, the fonts and the
 * library versions), so an unchanged card is never drawn twice: cards already
 * drawn are also kept in node_modules/.cache/share-cards/, which a clean build
 * and the review's worktrees reuse.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import type { ServiceSlug } from '../../shared/content/types';
import { readPublishedContent } from '../../server/content/content-store';
import type { SiteContent } from '../../server/content/publication';
import { siteIcons } from '../../shared/paths';
import { splitEpisodeTitle } from '../../shared/rules/episode-guest';
import { isVideoEpisode } from '../../shared/rules/episode-media';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_MANIFEST_PATH, SHARE_IMAGE_WIDTH, shareImageKeys } from '../../server/pages/share-image-manifest';
import type { ShareImageKey, ShareImageManifest } from '../../server/pages/share-image-manifest';

const require = createRequire(import.meta.url);
const thisFile = fileURLToPath(import.meta.url);

/** The site's colours (shared/styles/site.css). */
export const NAVY = '#0f2942';
export const GOLD = '#d9a441';
export const MIST = '#c9d6e3';
export const WHITE = '#ffffff';

/** What one card says. */
export interface ShareCard {
  key: ShareImageKey;
  /** Small capitals above the title: 'Video episode', 'Service'. */
  eyebrow: string;
  title: string;
  /** The line under the title: the guest, or the page's lead. */
  subtitle: string;
  /** Bottom line: the podcast's or the firm's name. */
  footer: string;
  alt: string;
}

/** Every item that is not a draft: a scheduled episode has its card when it is published. */
export const contentForCards = (rootDir: string) => readPublishedContent(rootDir, Number.POSITIVE_INFINITY);

/** Everything the cards show, from the content files; the order is the manifest's. */
export function shareCards({ site: { author, firm, podcast }, episodes, services: servicePages }: SiteContent): ShareCard[] {
  const host = author.name.split(',')[0]!;
  const site: ShareCard = {
    key: shareImageKeys.site,
    eyebrow: 'Wealth management for accounting practices',
    title: firm.tagline,
    subtitle: `${firm.name} · ${podcast.name}`,
    footer: firm.name,
    alt: `${firm.name}: ${firm.tagline}`,
  };
  const episodeCards = episodes.map((episode): ShareCard => {
    const { topic, guest } = splitEpisodeTitle(episode.title);
    const kind = isVideoEpisode(episode) ? 'Video episode' : 'Audio episode';
    return {
      key: shareImageKeys.episode(episode.id),
      eyebrow: episode.number ? `${episode.number} · ${kind}` : kind,
      title: topic,
      subtitle: guest ? `with ${guest}` : `Hosted by ${host}`,
      footer: podcast.name,
      alt: `${episode.title}: ${kind.toLowerCase()} of ${podcast.name}`,
    };
  });
  const serviceCards = (Object.keys(servicePages) as ServiceSlug[]).map((slug): ShareCard => {
    const page = servicePages[slug];
    return {
      key: shareImageKeys.service(slug),
      eyebrow: `Service · ${page.title}`,
      title: page.heroTitle,
      subtitle: page.metaDescription,
      footer: firm.name,
      alt: `${page.title} at ${firm.name}: ${page.heroTitle}`,
    };
  });
  return [site, ...episodeCards, ...serviceCards];
}

/** Long titles step down in size so they fit three lines. */
function titleSize(title: string): number {
  if (title.length > 70) return 52;
  if (title.length > 45) return 60;
  return 68;
}

const MARK_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 32 32">` +
  `<rect width="32" height="32" rx="6" fill="${WHITE}" fill-opacity="0.12"/>` +
  `<path d="M16 5 L22 27 H10 Z" fill="none" stroke="${WHITE}" stroke-width="2" stroke-linejoin="round"/>` +
  `<path d="M11.5 20 H20.5 M13 14 H19" stroke="${GOLD}" stroke-width="2" stroke-linecap="round"/></svg>`;
export const MARK_URL = `data:image/svg+xml;base64,${Buffer.from(MARK_SVG).toString('base64')}`;

function Card({ card, shortName }: { card: ShareCard; shortName: string }) {
  return (
    <div
      style={{
        width: SHARE_IMAGE_WIDTH,
        height: SHARE_IMAGE_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        backgroundColor: NAVY,
        fontFamily: 'Inter',
        color: WHITE,
      }}
    >
      <div
        style={{
          display: 'flex',
          flexGrow: 1,
          flexDirection: 'column',
          justifyContent: 'space-between',
          paddingTop: 56,
          paddingBottom: 48,
          paddingLeft: 72,
          paddingRight: 72,
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <img src={MARK_URL} width={64} height={64} />
          <div style={{ marginLeft: 20, fontSize: 30, fontWeight: 700 }}>{shortName}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ fontSize: 24, fontWeight: 700, letterSpacing: 2, textTransform: 'uppercase', color: GOLD }}>{card.eyebrow}</div>
          <div style={{ marginTop: 18, fontSize: titleSize(card.title), fontWeight: 700, lineHeight: 1.12 }}>{card.title}</div>
          <div style={{ marginTop: 22, fontSize: 30, lineHeight: 1.3, color: MIST }}>{card.subtitle}</div>
        </div>
        <div style={{ display: 'flex', fontSize: 26, fontWeight: 700, color: GOLD }}>{card.footer}</div>
      </div>
      <div style={{ display: 'flex', height: 12, backgroundColor: GOLD }} />
    </div>
  );
}

export async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}

export async function writeAtomically(file: string, contents: string | Uint8Array) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

export function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

export function rasterise(svg: string, options: ConstructorParameters<typeof Resvg>[1] = {}): Buffer {
  return new Resvg(svg, { font: { loadSystemFonts: false }, ...options }).render().asPng();
}

export interface ShareImageStats {
  drawn: number;
  reused: number;
  ms: number;
}

/**
 * Draws every card whose file is missing into dist/client/assets/share/ and
 * writes the manifest (dist/share-images.json) the server reads.
 */
export async function buildShareImages(rootDir: string): Promise<ShareImageStats> {
  const started = performance.now();
  const fontDir = path.dirname(require.resolve('@fontsource/inter/package.json'));
  // satori reads TTF, OTF and WOFF, not WOFF2.
  const [regular, bold, template] = await Promise.all([
    readFile(path.join(fontDir, 'files/inter-latin-400-normal.woff')),
    readFile(path.join(fontDir, 'files/inter-latin-700-normal.woff')),
    readFile(thisFile),
  ]);
  const fonts = [
    { name: 'Inter', data: regular, weight: 400 as const, style: 'normal' as const },
    { name: 'Inter', data: bold, weight: 700 as const, style: 'normal' as const },
  ];
  const drawing = createHash('sha256')
    .update(template)
    .update(regular)
    .update(bold)
    .update(`satori@${packageVersion('satori')} resvg@${packageVersion('@resvg/resvg-js')}`)
    .digest('hex');

  const outDir = path.join(rootDir, 'dist/client/assets/share');
  // Cards drawn by any build of this checkout, kept where `npm run build` does not empty (dist/ is) and where
  // the review's and the editor's worktrees find them through their node_modules link: drawing all of them
  // costs about 4.5 s of CPU per build.
  const cacheDir = path.join(rootDir, 'node_modules/.cache/share-cards');
  const manifest: ShareImageManifest = {};
  const content = contentForCards(rootDir);
  const shortName = content.site.firm.shortName;
  let drawn = 0;
  for (const card of shareCards(content)) {
    const hash = createHash('sha256').update(drawing).update(shortName).update(JSON.stringify(card)).digest('hex').slice(0, 12);
    const name = `${card.key.replace(/[^a-z0-9-]+/gi, '-')}-${hash}.png`;
    const file = path.join(outDir, name);
    if (!(await exists(file))) {
      const cached = path.join(cacheDir, name);
      if (await exists(cached)) {
        await writeAtomically(file, await readFile(cached));
      } else {
        const svg = await satori(<Card card={card} shortName={shortName} />, {
          width: SHARE_IMAGE_WIDTH,
          height: SHARE_IMAGE_HEIGHT,
          fonts,
        });
        const png = rasterise(svg);
        await writeAtomically(file, png);
        await writeAtomically(cached, png);
        drawn++;
      }
    }
    manifest[card.key] = { url: `/assets/share/${name}`, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: card.alt };
  }
  await writeAtomically(path.join(rootDir, SHARE_IMAGE_MANIFEST_PATH), JSON.stringify(manifest, null, 2) + '\n');
  return { drawn, reused: Object.keys(manifest).length - drawn, ms: Math.round(performance.now() - started) };
}

/** Theme colour of the browser UI and the installed app. */
export const THEME_COLOR = NAVY;

/**
 * The favicon PNGs, drawn from public/favicon.svg, and the web app manifest,
 * into dist/public (served with the other public files). The touch icon gets
 * a solid background: iOS paints transparent corners black.
 */
export async function buildFavicons(rootDir: string) {
  const { firm } = contentForCards(rootDir).site;
  const svg = await readFile(path.join(rootDir, 'public', siteIcons.svg), 'utf8');
  const target = path.join(rootDir, 'dist/public');
  const webManifest = {
    name: firm.name,
    short_name: firm.shortName,
    description: firm.tagline,
    start_url: '/',
    display: 'browser',
    theme_color: THEME_COLOR,
    background_color: THEME_COLOR,
    icons: [
      { src: siteIcons.svg, sizes: 'any', type: 'image/svg+xml' },
      { src: siteIcons.png32, sizes: '32x32', type: 'image/png' },
      { src: siteIcons.appleTouchIcon, sizes: '180x180', type: 'image/png' },
    ],
  };
  await Promise.all([
    writeAtomically(path.join(target, siteIcons.png32), rasterise(svg, { fitTo: { mode: 'width', value: 32 } })),
    writeAtomically(
      path.join(target, siteIcons.appleTouchIcon),
      rasterise(svg, { fitTo: { mode: 'width', value: 180 }, background: THEME_COLOR }),
    ),
    writeAtomically(path.join(target, siteIcons.manifest), JSON.stringify(webManifest, null, 2) + '\n'),
  ]);
}
