/**
 * Build step: the show's cover art for podcast apps (itunes:image and image of /podcast/feed.xml).
 * Apple Podcasts takes a square JPEG or PNG of 1400 to 3000 pixels; the site's own covers are
 * SVG (public/media/episodes/), which no podcast app reads, so the cover is drawn here as the
 * share cards are (./render-share-images.tsx: satori with the Inter font, then resvg), at
 * 3000 × 3000, the size Apple recommends. Its words are the content's: the firm's short name,
 * the podcast's name and its host's. The file's name carries a hash of everything that draws
 * it, and dist/podcast-cover.json names it for the server.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import satori from 'satori';
import { PODCAST_COVER_MANIFEST_PATH, PODCAST_COVER_SIZE } from '../../server/pages/podcast-cover';
import type { PodcastCover } from '../../server/pages/podcast-cover';
import {
  GOLD,
  MARK_URL,
  MIST,
  NAVY,
  WHITE,
  contentForCards,
  exists,
  packageVersion,
  rasterise,
  writeAtomically,
} from './render-share-images';

const require = createRequire(import.meta.url);
const thisFile = fileURLToPath(import.meta.url);

/** satori lays the cover out at this size; resvg draws it at PODCAST_COVER_SIZE. */
const LAYOUT = 1400;

interface CoverWords {
  shortName: string;
  podcastName: string;
  host: string;
}

function Cover({ words }: { words: CoverWords }) {
  return (
    <div
      style={{
        width: LAYOUT,
        height: LAYOUT,
        display: 'flex',
        flexDirection: 'column',
        backgroundColor: NAVY,
        fontFamily: 'Inter',
        color: WHITE,
      }}
    >
      <div style={{ display: 'flex', flexGrow: 1, flexDirection: 'column', justifyContent: 'space-between', padding: 120 }}>
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <img src={MARK_URL} width={140} height={140} />
          <div style={{ marginLeft: 40, fontSize: 64, fontWeight: 700 }}>{words.shortName}</div>
        </div>
        <div style={{ display: 'flex', fontSize: 150, fontWeight: 700, lineHeight: 1.08 }}>{words.podcastName}</div>
        <div style={{ display: 'flex', fontSize: 72, fontWeight: 700, color: MIST }}>{words.host}</div>
      </div>
      <div style={{ display: 'flex', height: 40, backgroundColor: GOLD }} />
    </div>
  );
}

/** Draws the cover when its file is missing, and writes the manifest the server reads. */
export async function buildPodcastCover(rootDir: string): Promise<PodcastCover> {
  const { site } = contentForCards(rootDir);
  const words: CoverWords = { shortName: site.firm.shortName, podcastName: site.podcast.name, host: site.author.name.split(',')[0]! };
  const fontDir = path.dirname(require.resolve('@fontsource/inter/package.json'));
  // satori reads TTF, OTF and WOFF, not WOFF2.
  const [regular, bold, template] = await Promise.all([
    readFile(path.join(fontDir, 'files/inter-latin-400-normal.woff')),
    readFile(path.join(fontDir, 'files/inter-latin-700-normal.woff')),
    readFile(thisFile),
  ]);
  const hash = createHash('sha256')
    .update(template)
    .update(regular)
    .update(bold)
    .update(`satori@${packageVersion('satori')} resvg@${packageVersion('@resvg/resvg-js')}`)
    .update(JSON.stringify(words))
    .digest('hex')
    .slice(0, 12);
  const name = `podcast-cover-${hash}.png`;
  const file = path.join(rootDir, 'dist/client/assets/share', name);
  // Kept where a clean build finds it again, as the share cards are.
  const cached = path.join(rootDir, 'node_modules/.cache/share-cards', name);
  if (!(await exists(file))) {
    if (await exists(cached)) {
      await writeAtomically(file, await readFile(cached));
    } else {
      const svg = await satori(<Cover words={words} />, {
        width: LAYOUT,
        height: LAYOUT,
        fonts: [
          { name: 'Inter', data: regular, weight: 400, style: 'normal' },
          { name: 'Inter', data: bold, weight: 700, style: 'normal' },
        ],
      });
      const png = rasterise(svg, { fitTo: { mode: 'width', value: PODCAST_COVER_SIZE } });
      await writeAtomically(file, png);
      await writeAtomically(cached, png);
    }
  }
  const cover: PodcastCover = { url: `/assets/share/${name}`, width: PODCAST_COVER_SIZE, height: PODCAST_COVER_SIZE };
  await writeAtomically(path.join(rootDir, PODCAST_COVER_MANIFEST_PATH), `${JSON.stringify(cover, null, 2)}\n`);
  return cover;
}
