/**
 * React, react-dom and React Router as ONE file for the browser.
 *
 * With code splitting, esbuild put react-dom into the entry chunk and react
 * with React Router into a chunk shared with the pages; compressed apart, the
 * two cost about 1.5 kB more than the framework's floor in one file, and
 * every page paid it. So the production build makes the framework a bundle of
 * its own, exporting exactly the names our code imports (read from the
 * sources; a name missed here fails the build, it cannot go missing at run
 * time), and the site's code imports it by its hashed URL.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { BuildManifest } from '../../server/pages/asset-manifest';

/** The packages our browser code imports, and what JSX compiles to. */
const PACKAGES = ['react', 'react/jsx-runtime', 'react-dom/client', 'react-router-dom'] as const;
type FrameworkPackage = (typeof PACKAGES)[number];
const JSX_RUNTIME_NAMES = ['jsx', 'jsxs', 'Fragment'];
const SOURCE_DIRS = ['client', 'shared'];
/** The editor's entry (/admin) bundles its own React Router: its names must not grow every page's framework file. */
const NOT_IN_PAGES = /^client\/admin[./]/;
const IMPORT = /import\s+(?!type\b)\{([^}]*)\}\s+from\s+'(react|react-dom\/client|react-router-dom)'/g;

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.tsx?$/.test(entry.name)) yield file;
  }
}

/** The value names each framework package is imported with, across the browser code. */
export async function importedNames(rootDir: string): Promise<Record<FrameworkPackage, string[]>> {
  const names = Object.fromEntries(PACKAGES.map((pkg) => [pkg, new Set<string>()])) as Record<FrameworkPackage, Set<string>>;
  JSX_RUNTIME_NAMES.forEach((name) => names['react/jsx-runtime'].add(name));
  for (const dir of SOURCE_DIRS) {
    for await (const file of sourceFiles(path.join(rootDir, dir))) {
      if (NOT_IN_PAGES.test(path.relative(rootDir, file))) continue;
      for (const [, list, pkg] of (await readFile(file, 'utf8')).matchAll(IMPORT)) {
        for (const item of list!.split(',')) {
          const name = item
            .trim()
            .split(/\s+as\s+/)[0]!
            .trim();
          if (name && !name.startsWith('type ')) names[pkg as FrameworkPackage].add(name);
        }
      }
    }
  }
  return Object.fromEntries(PACKAGES.map((pkg) => [pkg, [...names[pkg]].sort()])) as Record<FrameworkPackage, string[]>;
}

/** The framework file's name as esbuild writes it (scripts/build/build.ts). */
export const FRAMEWORK_ENTRY_NAMES = 'framework-[hash]';

/** The framework file's URL in a production build's manifest (development builds have none). */
export function frameworkUrlIn(manifest: BuildManifest): string | undefined {
  return manifest.hydrate.imports.find((url) => /\/framework-[^/]+\.js$/.test(url));
}

/**
 * A name in the framework file's one namespace: the name itself ('Link'), or, for a name an earlier
 * package exports too (jsx-runtime's Fragment), the name with its package's place ('Fragment$1').
 * Short names, because every chunk that imports from the framework spells them out.
 */
function exportName(names: Record<FrameworkPackage, string[]>, pkg: FrameworkPackage, name: string): string {
  const index = PACKAGES.indexOf(pkg);
  return PACKAGES.slice(0, index).some((earlier) => names[earlier].includes(name)) ? `${name}$${index}` : name;
}

/**
 * Packages evaluated on first use rather than when the file is imported.
 * react-dom's client makes five Error objects as it evaluates (sentinels such
 * as its SuspenseException). Under a DevTools connection (Lighthouse,
 * PageSpeed Insights) V8 then records a detailed stack trace, and needs the
 * source positions of every function on the stack: when react-dom runs from
 * the file's top level, that means re-parsing the whole 320 kB file. Called
 * from a small function instead, only react-dom's own code is re-parsed, and
 * in the task that starts hydration rather than in the file's evaluation.
 * Every name these packages export for us is a function, so a wrapper that
 * requires the package and forwards the call stands in for it.
 */
const EVALUATED_ON_FIRST_USE: readonly FrameworkPackage[] = ['react-dom/client'];

/**
 * Evaluates a package with `Error` standing in as a maker of stackless error objects. What react-dom's
 * client makes as it evaluates are its five sentinels (SuspenseException, HydrationMismatchException and
 * the like): thrown and caught inside React, told apart by identity, never shown. Under DevTools each
 * real Error records a detailed stack trace, and the first one made V8 re-parse all of react-dom for the
 * source positions of its top level: 150–300 ms of the main thread at 4× CPU throttling in Chromium's
 * trace, one task, against 3–20 ms without DevTools (scripts/bench/hydration-tasks.ts --runtime;
 * docs/decisions/022-hydration-in-slices.md). The stand-ins are `instanceof Error` and carry their
 * message. The real Error is back before any other code runs, even if evaluating throws.
 */
const evaluatedWithoutStacks = (pkg: FrameworkPackage, index: number) => `let evaluated${index};
function evaluate${index}() {
  const RealError = globalThis.Error;
  const StacklessError = function Error(message) {
    const error = Object.create(RealError.prototype);
    error.message = message;
    return error;
  };
  StacklessError.prototype = RealError.prototype;
  globalThis.Error = StacklessError;
  try {
    return require('${pkg}');
  } finally {
    globalThis.Error = RealError;
  }
}`;

/** The framework bundle's source: every imported name, re-exported under a unique name. */
export function frameworkEntry(names: Record<FrameworkPackage, string[]>): string {
  return PACKAGES.map((pkg, index) =>
    EVALUATED_ON_FIRST_USE.includes(pkg)
      ? [
          evaluatedWithoutStacks(pkg, index),
          ...names[pkg].map(
            (name) =>
              `export const ${exportName(names, pkg, name)} = (...args) => (evaluated${index} ??= evaluate${index}()).${name}(...args);`,
          ),
        ].join('\n')
      : `export { ${names[pkg].map((name) => `${name} as ${exportName(names, pkg, name)}`).join(', ')} } from '${pkg}';`,
  ).join('\n');
}

/**
 * Resolves the framework packages, in the site's build, to small shims that
 * re-export from the framework bundle's URL, so every chunk imports it there.
 */
export function useFrameworkBundle(url: string, names: Record<FrameworkPackage, string[]>): esbuild.Plugin {
  return {
    name: 'framework-bundle',
    setup(build) {
      const filter = new RegExp(`^(${PACKAGES.map((pkg) => pkg.replace(/[/-]/g, '\\$&')).join('|')})$`);
      build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'framework' }));
      build.onResolve({ filter: /^\/assets\// }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: 'framework' }, (args) => {
        const pkg = args.path as FrameworkPackage;
        return {
          contents: `export { ${names[pkg].map((name) => `${exportName(names, pkg, name)} as ${name}`).join(', ')} } from '${url}';`,
          loader: 'js',
        };
      });
    },
  };
}
