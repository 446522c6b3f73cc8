/**
 * npm run content:check: reads every file under content/ and checks it as the
 * build and the server do. Exit 0 with a one-line summary, or exit 1 with
 * every problem, one line each, naming the file and the field.
 */
import { ContentError, loadContent } from '../content/load-content';
import { publish } from '../content/publication';

try {
  const source = loadContent(process.cwd());
  const now = Date.now();
  const { content } = publish(source, { now });
  const drafts = source.episodes.filter((episode) => episode.meta.draft).length + source.press.filter((item) => item.meta.draft).length;
  const scheduled = [...source.episodes, ...source.press].filter(
    (item) => !item.meta.draft && item.meta.publishAt && Date.parse(item.meta.publishAt) > now,
  );
  process.stdout.write(
    `content: ${content.episodes.length} episodes and ${content.press.length} articles public, ` +
      `${scheduled.length} scheduled, ${drafts} draft${drafts === 1 ? '' : 's'}; every file is valid\n`,
  );
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
