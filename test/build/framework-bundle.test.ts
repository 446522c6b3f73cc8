/**
 * The production framework file (scripts/build/framework-bundle.ts) leaves
 * react-dom's client unevaluated until hydration first calls into it. The
 * property that matters: importing the file makes no Error object, so a
 * DevTools connection (Lighthouse) has no stack trace to record while the
 * whole file evaluates. Checked on the real build, evaluated in Node.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_MANIFEST_PATH, readBuildManifest } from '../../server/pages/asset-manifest';
import { frameworkUrlIn } from '../../scripts/build/framework-bundle';
import { rootDir } from '../support/app';

const manifest = readBuildManifest(path.join(rootDir, BUILD_MANIFEST_PATH));
const frameworkUrl = frameworkUrlIn(manifest);

const RealError = globalThis.Error;
/** Replaces the global Error with one that counts every Error made, with or without `new`. */
function countErrors(): { made: number } {
  const count = { made: 0 };
  globalThis.Error = new Proxy(RealError, {
    apply(target, thisArg, args) {
      count.made++;
      return Reflect.apply(target, thisArg, args);
    },
    construct(target, args, newTarget) {
      count.made++;
      return Reflect.construct(target, args, newTarget);
    },
  });
  return count;
}

describe('the framework file', () => {
  afterEach(() => {
    globalThis.Error = RealError;
  });

  it('evaluates react-dom’s client on first use, not on import', async () => {
    expect(frameworkUrl, 'the production manifest names the framework file').toBeDefined();
    const count = countErrors();
    const framework = (await import(pathToFileURL(path.join(rootDir, 'dist/client', frameworkUrl!)).href)) as Record<string, unknown>;
    expect(count.made).toBe(0);

    const hydrateRoot = framework.hydrateRoot as (container: unknown) => unknown;
    // react-dom's five sentinels (SuspenseException and the like) are made as it evaluates, by a
    // stand-in that records no stack (so DevTools has none to record); then hydrateRoot refuses the
    // missing container with the one real Error, the Error it found being put back.
    const errorBefore = globalThis.Error;
    expect(() => hydrateRoot(null)).toThrow(/Minified React error #299/);
    expect(count.made).toBe(1);
    expect(globalThis.Error).toBe(errorBefore);
  });
});
