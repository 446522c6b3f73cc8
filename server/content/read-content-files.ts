/**
 * Reading content files as data, for server/content/load-content.ts: each problem is collected as
 * `content/<file>: <message>` (YAML errors with their line), so one run names all of them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { describeIssues } from '../../shared/content/schema';

/** Collects problems file by file, so the editor sees all of them in one run. */
export class Problems {
  readonly list: string[] = [];
  /** Files are named from the folder that holds content/: `content/episodes/foo.md`. */
  constructor(private readonly baseDir: string) {}
  nameOf(file: string) {
    return path.relative(this.baseDir, file).split(path.sep).join('/');
  }
  pathOf(name: string) {
    return path.join(this.baseDir, name);
  }
  add(file: string, message: string) {
    this.list.push(`${this.nameOf(file)}: ${message}`);
  }
}

export function readText(file: string, problems: Problems): string | undefined {
  try {
    return readFileSync(file, 'utf8').replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  } catch (error) {
    problems.add(file, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : `cannot be read (${(error as Error).message})`);
    return undefined;
  }
}

/**
 * YAML as plain data. Syntax errors name their line; a tag (`!!js/function`,
 * `!!binary`) is refused too: content is text, numbers and true/false.
 */
export function parseYaml(source: string, file: string, problems: Problems, lineOffset = 0): unknown {
  const document = parseDocument(source, { prettyErrors: true, uniqueKeys: true });
  const faults = [...document.errors, ...document.warnings];
  if (faults.length > 0) {
    for (const fault of faults) {
      const line = fault.linePos?.[0]?.line;
      const message = fault.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      problems.add(file, `${line ? `line ${line + lineOffset}: ` : ''}${message} (the YAML is not valid)`);
    }
    return undefined;
  }
  return document.toJS({ maxAliasCount: 100 });
}

/** Checks data against a schema; every issue becomes one problem of the file. */
export function check<T>(schema: z.ZodType<T>, data: unknown, file: string, problems: Problems): T | undefined {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const message of describeIssues(result.error, data)) problems.add(file, message);
  return undefined;
}

export function readYamlFile<T>(schema: z.ZodType<T>, file: string, problems: Problems): T | undefined {
  const source = readText(file, problems);
  if (source === undefined) return undefined;
  const data = parseYaml(source, file, problems);
  return data === undefined ? undefined : check(schema, data, file, problems);
}

/** A Markdown file with YAML front matter between two `---` lines. */
export function readMarkdownFile<T>(schema: z.ZodType<T>, file: string, problems: Problems): { meta: T; body: string } | undefined {
  const source = readText(file, problems);
  if (source === undefined) return undefined;
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$/.exec(source);
  if (!match) {
    problems.add(file, 'must start with front matter: a line "---", the fields in YAML, and another line "---"');
    return undefined;
  }
  const data = parseYaml(match[1]!, file, problems, 1);
  if (data === undefined) return undefined;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    problems.add(file, 'the front matter must be fields such as "title: …", one per line');
    return undefined;
  }
  const meta = check(schema, data, file, problems);
  return meta === undefined ? undefined : { meta, body: match[2]!.trim() };
}


export function listFiles(dir: string, problems: Problems): string[] {
  if (!existsSync(dir)) {
    problems.add(dir, 'the folder is missing');
    return [];
  }
  return readdirSync(dir).filter((name) => !name.startsWith('.')).sort();
}
