/**
 * The editor's config (server/admin/cms-config.ts) against the content schema
 * (shared/content/schema.ts): every field of every file appears, lists inside
 * lists included, with the same required-ness, choices, pattern and list size
 * limits, and nothing else does. Read here from the schema's JSON Schema,
 * independently of the generator's own walk; and the build's file
 * (dist/admin/cms-collections.json), when there is one, is the same.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parse } from 'yaml';
import { CMS_COLLECTIONS_PATH, cmsCollections, fieldOf, KEYWORD_OR_LIST_WIDGET } from '../../server/admin/cms-config';
import type { CmsField } from '../../server/admin/cms-config';
import {
  contactPageFile,
  episodeFrontMatter,
  homeFile,
  legalFrontMatter,
  notFoundPageFile,
  personFile,
  podcastPageFile,
  pressFile,
  pressPageFile,
  redirectsFile,
  servicePageFile,
  siteFile,
  termsPageFile,
  transcriptFrontMatter,
} from '../../shared/content/schema';
import { ConfigError, parseConfig } from '../../server/config';
import { SERVICE_SLUGS } from '../../shared/content/service-slugs';
import { rootDir } from '../support/app';

type Json = {
  type?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  enum?: unknown[];
  anyOf?: Json[];
  pattern?: string;
  const?: unknown;
  minItems?: number;
  maxItems?: number;
};

/** A list's size limits, as one line says them: ' min=1', ' min=6 max=6'. */
const limits = (min: number | undefined, max: number | undefined) =>
  `${min !== undefined ? ` min=${min}` : ''}${max !== undefined ? ` max=${max}` : ''}`;

/**
 * One line per field: where, required or not, its choices, its pattern and a list's size limits; a
 * choice between words and a list (footerGroups' links: 'mainNav' or links) names the words and
 * describes the list's items as a list's are.
 */
function describeSchema(json: Json, where: string, required: boolean, lines: string[]) {
  const list = json.anyOf?.filter((branch) => branch.type === 'array');
  const words = json.anyOf?.filter((branch) => typeof branch.const === 'string').map((branch) => branch.const);
  if (list?.length === 1 && words!.length > 0 && words!.length + 1 === json.anyOf!.length) {
    lines.push(`${where} ${required ? 'required' : 'optional'} words=${words!.join(',')}${limits(list[0]!.minItems, list[0]!.maxItems)}`);
    describeItems(list[0]!, where, lines);
    return;
  }
  const strings = json.anyOf?.every((branch) => branch.type === 'string');
  // Decap cannot check an image or file widget's pattern (it refuses every upload): content:check does.
  const isImage = ['image', 'file'].includes((json as { widget?: string }).widget ?? '');
  const patterns = json.pattern
    ? [json.pattern]
    : strings
      ? json.anyOf!.map((branch) => branch.pattern ?? (typeof branch.const === 'string' ? `const:${branch.const}` : '*'))
      : [];
  lines.push(
    `${where} ${required ? 'required' : 'optional'}${json.enum ? ` choices=${json.enum.join(',')}` : ''}${patterns.length && !patterns.includes('*') && !isImage ? ' pattern' : ''}${json.type === 'array' ? limits(json.minItems, json.maxItems) : ''}`,
  );
  if (json.type === 'array') describeItems(json, where, lines);
  else if (json.type === 'object') describeProperties(json, where, lines);
}

function describeProperties(object: Json, where: string, lines: string[]) {
  for (const [name, property] of Object.entries(object.properties ?? {}))
    describeSchema(property, `${where}.${name}`, object.required?.includes(name) ?? false, lines);
}

/** A list's items: an object's fields (a list inside them, too), or the one value each item is. */
function describeItems(list: Json, where: string, lines: string[]) {
  if (list.items?.type === 'object') describeProperties(list.items, where, lines);
  else if (list.items) describeSchema(list.items, `${where}[]`, true, lines);
}

function describeFields(fields: CmsField[], where: string, lines: string[]) {
  for (const field of fields) {
    const here = `${where}.${field.name}`;
    const isList = field.fields !== undefined || field.field !== undefined;
    lines.push(
      `${here} ${field.required === false ? 'optional' : 'required'}${field.options ? ` choices=${field.options.join(',')}` : ''}${field.keywords ? ` words=${field.keywords.map((keyword) => keyword.value).join(',')}` : ''}${field.pattern ? ' pattern' : ''}${isList && field.widget !== 'object' ? limits(field.min, field.max) : ''}`,
    );
    if (field.fields) describeFields(field.fields, here, lines);
    if (field.field)
      lines.push(
        `${here}[] required${field.field.options ? ` choices=${field.field.options.join(',')}` : ''}${field.field.pattern ? ' pattern' : ''}`,
      );
  }
}

const fromSchema = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const lines: string[] = [];
  for (const [name, property] of Object.entries(json.properties ?? {}))
    describeSchema(property, `.${name}`, json.required?.includes(name) ?? false, lines);
  return lines;
};
const fromConfig = (fields: CmsField[]) => {
  const lines: string[] = [];
  describeFields(
    fields.filter((field) => field.name !== 'body'),
    '',
    lines,
  );
  return lines;
};

const config = cmsCollections();
const collection = (name: string) => config.collections.find((candidate) => candidate.name === name)!;
const file = (collectionName: string, name: string) => collection(collectionName).files!.find((candidate) => candidate.name === name)!;

/** Fields Decap cannot show as one widget; kept in the file as they are. A new one is a decision, so it is listed. */
const HIDDEN: string[] = [];

describe('the editor config generated from the content schema', () => {
  it.each([
    ['episodes', () => collection('episodes').fields!, episodeFrontMatter],
    ['transcripts', () => collection('transcripts').fields!, transcriptFrontMatter],
    ['people', () => collection('people').fields!, personFile],
    ['press', () => collection('press').fields!, pressFile],
    ...SERVICE_SLUGS.map((slug) => [`services/${slug}`, () => file('services', slug).fields, servicePageFile] as const),
    ['settings/site', () => file('settings', 'site').fields, siteFile],
    ['settings/home', () => file('settings', 'home').fields, homeFile],
    ['settings/podcast', () => file('settings', 'podcast').fields, podcastPageFile],
    ['settings/press', () => file('settings', 'press').fields, pressPageFile],
    ['settings/contact', () => file('settings', 'contact').fields, contactPageFile],
    ['settings/terms', () => file('settings', 'terms').fields, termsPageFile],
    ['settings/not-found', () => file('settings', 'not-found').fields, notFoundPageFile],
    ['settings/privacy', () => file('settings', 'privacy').fields, legalFrontMatter],
    ['settings/accessibility', () => file('settings', 'accessibility').fields, legalFrontMatter],
    ['redirects', () => file('redirects', 'redirects').fields, redirectsFile],
  ] as const)('%s: every schema field, with its required-ness, choices and pattern', (_name, fields, schema) => {
    expect(fromConfig(fields())).toEqual(fromSchema(schema));
  });

  it('copies each pattern and the schema’s own message for it', () => {
    const fields = collection('episodes').fields!;
    const byName = new Map(fields.map((field) => [field.name, field]));
    expect(byName.get('duration')!.pattern).toEqual(['^\\d{1,3} min$', 'must be minutes such as "45 min"']);
    expect(byName.get('date')!.pattern![0]).toBe((z.toJSONSchema(episodeFrontMatter, { io: 'input' }) as Json).properties!.date!.pattern);
    // Patterns accept what the schema accepts: every episode and article on the site passes them.
    const listen = new RegExp(byName.get('listenUrl')!.pattern![0]);
    for (const value of ['#', 'https://www.youtube.com/watch?v=SUdXOb_7ZIg']) expect(listen.test(value), value).toBe(true);
    for (const value of ['htp://example.com/x', 'http://example.com', '']) expect(listen.test(value), value).toBe(false);
    expect(byName.get('image')!.widget).toBe('image');
    // No pattern on an image: Decap refuses every picture against one; content:check checks the path.
    expect(byName.get('image')!.pattern).toBeUndefined();
    // A timed transcript is chosen or uploaded in a file field, held to the uploads' size limit.
    expect(byName.get('timedTranscript')).toMatchObject({
      widget: 'file',
      required: false,
      media_library: { config: { max_file_size: 2_000_000 } },
    });
    expect(byName.get('timedTranscript')!.pattern).toBeUndefined();
  });

  it('turns the schema’s enums into choices', () => {
    const section = file('services', 'estate-planning').fields.find((field) => field.name === 'sections')!;
    expect(section.fields!.find((field) => field.name === 'layout')).toMatchObject({
      widget: 'select',
      options: ['cards', 'paths', 'steps'],
      required: false,
    });
  });

  it('hides only the listed fields Decap cannot show', () => {
    const hidden: string[] = [];
    const walk = (fields: CmsField[], where: string) => {
      for (const field of fields) {
        if (field.widget === 'hidden') hidden.push(`${where}.${field.name}`);
        if (field.fields) walk(field.fields, `${where}.${field.name}`);
      }
    };
    for (const entry of config.collections) {
      if (entry.fields) walk(entry.fields, entry.name);
      for (const one of entry.files ?? []) walk(one.fields, `${entry.name}/${one.name}`);
    }
    expect(hidden).toEqual(HIDDEN);
  });

  it('makes a list of objects inside a list of objects a list widget inside a list widget, limits and patterns included', () => {
    const schema = z.strictObject({
      groups: z.array(
        z.strictObject({
          title: z.string().min(1),
          rows: z
            .array(z.strictObject({ label: z.string().min(1), href: z.string().regex(/^\//) }))
            .min(1)
            .max(4),
          tags: z.array(z.enum(['a', 'b'])).optional(),
        }),
      ),
    });
    const fields = Object.entries(schema.shape).map(([name, value]) => fieldOf(name, value));
    expect(fromConfig(fields)).toEqual(fromSchema(schema));
    expect(fromSchema(schema)).toEqual([
      '.groups required',
      '.groups.title required',
      '.groups.rows required min=1 max=4',
      '.groups.rows.label required',
      '.groups.rows.href required pattern',
      '.groups.tags optional',
      '.groups.tags[] required choices=a,b',
    ]);
    const rows = fields[0]!.fields!.find((field) => field.name === 'rows')!;
    expect(rows).toMatchObject({ widget: 'list', min: 1, max: 4 });
    expect(rows.fields!.map((field) => [field.name, field.widget, field.pattern?.[0]])).toEqual([
      ['label', 'string', undefined],
      ['href', 'string', '^\\/'],
    ]);
  });

  it('makes a word or a list (footerGroups’ links: mainNav or links) the editor’s own widget around a list widget', () => {
    const groups = file('settings', 'site').fields.find((field) => field.name === 'footerGroups')!;
    const mainNav = file('settings', 'site').fields.find((field) => field.name === 'mainNav')!;
    const links = groups.fields!.find((field) => field.name === 'links')!;
    expect(links).toMatchObject({
      widget: KEYWORD_OR_LIST_WIDGET,
      keywords: [{ value: 'mainNav', label: `Same as ${mainNav.label}` }],
      min: 1,
    });
    expect(links.required).toBeUndefined();
    // The links of a group are edited as the navigation bar's are: the same fields and checks.
    expect(links.fields).toEqual(mainNav.fields);
    // Every group of the site's own file is one the widget shows: one of its words, or items it has fields for.
    const site = parse(readFileSync(path.join(rootDir, 'content/site.yaml'), 'utf8')) as { footerGroups: Array<{ links: unknown }> };
    const href = new RegExp(links.fields!.find((field) => field.name === 'href')!.pattern![0]);
    expect(site.footerGroups.some((group) => group.links === 'mainNav')).toBe(true);
    for (const group of site.footerGroups) {
      if (typeof group.links === 'string') expect(links.keywords!.map((keyword) => keyword.value)).toContain(group.links);
      else
        for (const link of group.links as Array<Record<string, string>>) {
          expect(Object.keys(link).sort()).toEqual(links.fields!.map((field) => field.name).sort());
          expect(href.test(link.href!), link.href).toBe(true);
        }
    }
    // Optional, the same choice keeps its widget and says so.
    const optional = fieldOf('links', z.union([z.literal('mainNav'), z.array(z.strictObject({ label: z.string() }))]).optional());
    expect(optional).toMatchObject({ widget: KEYWORD_OR_LIST_WIDGET, required: false });
  });

  it('is what the build wrote, when there is a build', () => {
    const built = path.join(rootDir, CMS_COLLECTIONS_PATH);
    if (!existsSync(built)) return;
    expect(JSON.parse(readFileSync(built, 'utf8'))).toEqual(JSON.parse(JSON.stringify(config)));
  });
});

describe('CMS_* variables (server/config/cms.ts)', () => {
  const parse = (env: Record<string, string>) => parseConfig(env, rootDir).cms;
  const refusal = (env: Record<string, string>) => {
    try {
      parse(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return 'accepted';
  };

  it('reads each backend with its defaults', () => {
    expect(parse({})).toEqual({ proxyPort: 8081 });
    expect(parse({ CMS_BACKEND: 'gitlab', CMS_REPO: 'group/sub/site', CMS_APP_ID: 'x' }).backend).toEqual({
      name: 'gitlab',
      repo: 'group/sub/site',
      branch: 'main',
      appId: 'x',
      baseUrl: 'https://gitlab.com',
    });
    expect(
      parse({ CMS_BACKEND: 'GitHub', CMS_REPO: 'o/n', CMS_AUTH_URL: 'https://auth.example.com/', CMS_BRANCH: 'content' }).backend,
    ).toEqual({
      name: 'github',
      repo: 'o/n',
      branch: 'content',
      authUrl: 'https://auth.example.com',
    });
  });

  it('refuses what cannot work, naming the variable', () => {
    expect(refusal({ CMS_BACKEND: 'bitbucket' })).toBe('CMS_BACKEND must be one of github, gitlab, site (got "bitbucket")');
    expect(refusal({ CMS_BACKEND: 'github', CMS_REPO: 'nothing-here', CMS_AUTH_URL: 'https://a.example.com' })).toMatch(
      /^CMS_REPO must be the repository as owner\/name/,
    );
    expect(refusal({ CMS_BACKEND: 'github', CMS_REPO: 'o/n' })).toMatch(/^CMS_AUTH_URL must be set when CMS_BACKEND is github/);
    expect(refusal({ CMS_BACKEND: 'gitlab', CMS_REPO: 'o/n' })).toMatch(/^CMS_APP_ID must be set when CMS_BACKEND is gitlab/);
    // Decap's Gitea backend has no editorial workflow: refused in one line that says so, whatever else is set.
    expect(refusal({ CMS_BACKEND: 'gitea', CMS_REPO: 'o/n', CMS_APP_ID: 'x', CMS_BASE_URL: 'https://git.example.com' })).toMatch(
      /^CMS_BACKEND=gitea cannot be used: Decap CMS's Gitea backend has no editorial workflow/,
    );
    expect(refusal({ CMS_BACKEND: 'gitlab', CMS_REPO: 'o/n', CMS_APP_ID: 'x', CMS_BASE_URL: 'http://gitlab.example.com' })).toMatch(
      /^CMS_BASE_URL must be an https URL/,
    );
    expect(refusal({ CMS_REPO: 'o/n' })).toBe('CMS_BACKEND must be set (github or gitlab) for CMS_REPO to take effect');
    expect(refusal({ CMS_PROXY_PORT: 'abc' })).toBe('CMS_PROXY_PORT must be a whole number from 0 to 65535 (got "abc")');
  });
});
