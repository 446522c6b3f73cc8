import { statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/**
 * The order test files start in. vitest runs the files that took longest last time first, so that no long
 * file is left running alone at the end while the other worker has nothing to do. A fresh clone (CI) has no
 * timings yet, and vitest then starts the larger files first; size says little here: the 70-second
 * accessibility file, 68 lines long, started last. Without timings, files go by what they start (a folder
 * of process, proxy or container tests, then browser, HTTP, build and unit tests), the larger file first.
 */
const FOLDER_WEIGHT: Record<string, number> = { process: 5, proxy: 5, container: 5, browser: 4, http: 3, build: 2, unit: 1 };

function weightOf(spec: TestSpecification): [number, number] {
  const folder = path.basename(path.dirname(spec.moduleId));
  return [FOLDER_WEIGHT[folder] ?? 0, statSync(spec.moduleId).size];
}

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const timed = files.every((spec) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`),
    );
    if (timed) return super.sort(files);
    const weights = new Map(files.map((spec) => [spec, weightOf(spec)]));
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const [folderA, sizeA] = weights.get(a)!;
      const [folderB, sizeB] = weights.get(b)!;
      return folderB - folderA || sizeB - sizeA;
    });
  }
}
