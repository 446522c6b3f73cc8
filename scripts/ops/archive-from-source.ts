/**
 * `npm run archive`: the archive command (server/cli/archive.ts) from source,
 * after a production build if there is none yet, so it works on a fresh
 * clone. An existing build is used as it is (`npm run build` refreshes it);
 * the content is read from content/ either way. The container runs the
 * built command instead: node dist/cli/archive.js.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_MANIFEST_PATH } from '../../server/pages/asset-manifest';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [command] = process.argv.slice(2);
if (command !== 'verify' && command !== 'diff' && !existsSync(path.join(rootDir, BUILD_MANIFEST_PATH))) {
  process.stderr.write('No build yet: building the site first (npm run build)...\n');
  const { build } = await import('../build/build');
  await build('production', { clean: true });
}
await import('../../server/cli/archive');
