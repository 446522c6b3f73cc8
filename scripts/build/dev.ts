/**
 * npm run dev: rebuild the client on every change and run the server from
 * source with tsx, restarting it when server or shared code changes.
 */
import { spawn } from 'node:child_process';
import * as esbuild from 'esbuild';
import { clientBuildOptions, copyMigrations, writeManifest, writePageStylesheets } from './build';
import { buildPodcastCover } from './render-podcast-cover';
import { buildFavicons, buildShareImages } from './render-share-images';

// The server reads the share-card and podcast-cover manifests at start-up.
const rootDir = process.cwd();
await buildFavicons(rootDir);
await buildShareImages(rootDir);
await buildPodcastCover(rootDir);
// With DATABASE_URL the server applies the schema from dist/migrations.
await copyMigrations();

const context = await esbuild.context({
  ...clientBuildOptions('development'),
  plugins: [
    {
      name: 'write-manifest',
      setup(build) {
        build.onEnd(async (result) => {
          if (result.metafile) await writeManifest(result.metafile, undefined, await writePageStylesheets('development'));
        });
      },
    },
  ],
});
await context.watch();

const server = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development' },
});

const stop = async () => {
  server.kill('SIGTERM');
  await context.dispose();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
