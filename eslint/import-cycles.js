// import-cycles/no-cycle: no module may reach itself through its imports, counting every import
// there is: static ones, `import type` and `import { type X }`, `export … from`, and import() of a
// literal path.
//
// Why not import-x/no-cycle: it always skips type-only imports (eslint-plugin-import-x 4.18.1, the
// latest; no option turns that off), and the one cycle this repository had was half type import
// (pages/page-cache.ts ↔ pages/refusal-pages.tsx, issue 44): it loaded fine and still tied the two
// files together, so neither could be understood, moved or split alone. It also sees no .ts file
// until import-x/extensions and import-x/parsers are set, and then parses every file it reaches
// with the TypeScript parser: measured here, `eslint .` went from about 18 s to about 60 s. This
// reads imports with TypeScript's preProcessFile (a scanner, no parse), resolves them as tsc does
// (tsconfig.json), and searches the graph once per file linted: about 1 s of `eslint .` (TIMING=1),
// so it needs no depth limit.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The rule, for the repository at `root`: only its own files count, never node_modules/. */
export function importCycles(root) {
  const { config } = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root);
  const resolutions = ts.createModuleResolutionCache(root, (name) => name, options);
  const inside = `${path.sep}node_modules${path.sep}`;

  /** The repository file `specifier` names from `file`; undefined for a package or nothing. */
  function resolve(specifier, file) {
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, resolutions).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) return undefined;
    const target = path.resolve(resolved.resolvedFileName);
    return target.startsWith(root + path.sep) && !target.includes(inside) ? target : undefined;
  }

  // A file's imports as on disk, read again when it changes (an editor keeps ESLint running).
  const read = new Map();
  function importsOf(file) {
    let mtimeMs;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return [];
    }
    const known = read.get(file);
    if (known?.mtimeMs === mtimeMs) return known.imports;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const imports = [...new Set(importedFiles.map(({ fileName }) => resolve(fileName, file)).filter(Boolean))];
    read.set(file, { mtimeMs, imports });
    return imports;
  }

  const shown = (file) => path.relative(root, file);

  return {
    meta: {
      type: 'problem',
      docs: { description: 'Forbid import cycles, type-only imports included.' },
      schema: [],
      messages: {
        cycle: 'Import cycle: {{cycle}}. Move what both sides need to the module it belongs to (type-only imports count).',
      },
    },
    create(context) {
      const file = path.resolve(context.physicalFilename);
      // This file's own imports, from the text being linted (it may not be saved yet).
      const own = [];
      const note = (node, source) => {
        if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
        const target = resolve(source.value, file);
        if (target) own.push({ node: source, target });
      };
      return {
        ImportDeclaration: (node) => note(node, node.source),
        ExportAllDeclaration: (node) => note(node, node.source),
        ExportNamedDeclaration: (node) => note(node, node.source),
        ImportExpression: (node) => note(node, node.source),
        TSImportEqualsDeclaration: (node) =>
          node.moduleReference.type === 'TSExternalModuleReference' && note(node, node.moduleReference.expression),
        'Program:exit'() {
          // Breadth first from this file's imports: `from` says how each file was first reached, so the
          // shortest way back to this file can be told, once per import it starts from.
          const from = new Map();
          const queue = [];
          const reported = new Set();
          const report = ({ node }, last) => {
            if (reported.has(node)) return;
            reported.add(node);
            const way = [];
            for (let at = last; at !== undefined; at = from.get(at).previous) way.unshift(at);
            context.report({ node, messageId: 'cycle', data: { cycle: [file, ...way, file].map(shown).join(' → ') } });
          };
          for (const start of own) {
            if (start.target === file) report(start, undefined);
            else if (!from.has(start.target)) {
              from.set(start.target, { start, previous: undefined });
              queue.push(start.target);
            }
          }
          while (queue.length > 0) {
            const at = queue.shift();
            for (const target of importsOf(at)) {
              if (target === file) report(from.get(at).start, at);
              else if (!from.has(target)) {
                from.set(target, { start: from.get(at).start, previous: at });
                queue.push(target);
              }
            }
          }
        },
      };
    },
  };
}
