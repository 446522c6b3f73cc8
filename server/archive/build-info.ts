/**
 * What the build records about itself (scripts/build/build.ts writes it): the git
 * commit it was built from, where known. The compliance archive names it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const BUILD_INFO_PATH = 'dist/build-info.json';

export function readBuildCommit(rootDir: string): string | null {
  try {
    const info = JSON.parse(readFileSync(path.join(rootDir, BUILD_INFO_PATH), 'utf8')) as { commit?: unknown };
    return typeof info.commit === 'string' && info.commit ? info.commit : null;
  } catch {
    return null;
  }
}
