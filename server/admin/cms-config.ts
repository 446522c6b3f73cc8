/**
 * The editor's collections (Decap CMS), generated from the content schema
 * (shared/content/schema.ts), so field names, required fields, patterns and
 * choices have one source of truth: a field added to the schema appears in the
 * editor, and test/unit/cms-config.test.ts fails if the two disagree.
 *
 * The build writes the result to dist/admin/cms-collections.json
 * (scripts/build/build.ts); the server merges it with the backend part at run
 * time (admin-config.ts), since the backend comes from the environment.
 */
import { z } from 'zod';
import {
  contactPageFile,
  episodeFrontMatter,
  homeFile,
  personFile,
  legalFrontMatter,
  notFoundPageFile,
  podcastPageFile,
  pressFile,
  pressPageFile,
  redirectsFile,
  servicePageFile,
  siteFile,
  termsPageFile,
  transcriptFrontMatter,
} from '../../shared/content/schema';
import { SERVICE_SLUGS } from '../../shared/content/service-slugs';
import { MEDIA_UPLOADS } from '../content/media-uploads';

export const CMS_COLLECTIONS_PATH = 'dist/admin/cms-collections.json';

/** A Decap field, as its config documents it (only the keys used here). */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: false;
  hint?: string;
  pattern?: [string, string];
  options?: string[];
  value_type?: 'int';
  min?: number;
  max?: number;
  fields?: CmsField[];
  field?: CmsField;
  collection?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  /** The widget KEYWORD_OR_LIST_WIDGET: the words that may stand instead of the list, and how each is offered. */
  keywords?: Array<{ value: string; label: string }>;
  [key: string]: unknown;
}

export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  folder?: string;
  extension?: string;
  format?: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  preview_path?: string;
  fields?: CmsField[];
  files?: Array<{ name: string; label: string; file: string; fields: CmsField[]; format?: string }>;
}

/** Everything of the config that does not depend on the environment. */
export interface CmsCollectionsConfig {
  publish_mode: 'editorial_workflow';
  media_folder: string;
  public_folder: string;
  collections: CmsCollection[];
}

type Schema = z.ZodType;
type Def = { type: string; innerType?: Schema; shape?: Record<string, Schema>; element?: Schema; in?: Schema };
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;
type Json = {
  type?: string | string[];
  pattern?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Json[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  widget?: string;
};
const jsonOf = (schema: Schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

/** 'applePodcastsUrl' → 'Apple podcasts url': the editor's label, from the one name the files use. */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The schema's own message for a wrong value, without the "(got …)" that names it:
 * "must be an https URL". The editor shows it under the field, so the editor and
 * `npm run content:check` speak with one voice.
 */
export function messageOf(schema: Schema): string | undefined {
  const result = schema.safeParse({ wrong: true });
  const message = result.success ? undefined : result.error.issues[0]?.message;
  // zod's own default ("Invalid input…") is no message of the schema: a union then speaks through its first choice.
  if (message === undefined || message.startsWith('Invalid input')) {
    const options = (defOf(schema) as { options?: Schema[] }).options;
    return options?.[0] ? messageOf(options[0]) : undefined;
  }
  return message.replace(/\s*\(got [\s\S]*\)$/, '');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The regular expression a string field must match, from its JSON schema: its own
 * pattern, or, for a choice between strings ('#' or an https URL), each branch's.
 * Undefined when any branch accepts every string, or when a branch is no string.
 */
export function stringPattern(json: Json): string | undefined {
  if (json.pattern) return json.pattern;
  if (!json.anyOf) return undefined;
  const parts = json.anyOf.map((branch) =>
    typeof branch.const === 'string' ? `^${escapeRegExp(branch.const)}$` : branch.type === 'string' ? stringPattern(branch) : undefined,
  );
  return parts.every((part) => part !== undefined) ? parts.map((part) => `(?:${part})`).join('|') : undefined;
}

/** Fields whose text runs to sentences get a text area; everything else a line. */
const LONG_TEXT =
  /^(description|bio|disclosure|intro|text|lead|hint|note|privacyNote|learnFirst|bookBlurb|aboutIntro|disclaimer|heroText|subheadline|closing|comingSoonNote|errorDescription|metaDescription|episodeNotFoundDescription|noneHint|requiredNote|errorSummary)$/;

/** Per collection, fields whose widget the schema cannot tell: an episode id is chosen from the episodes. */
const EPISODE_RELATION: Partial<CmsField> = {
  widget: 'relation',
  collection: 'episodes',
  value_field: '{{slug}}',
  search_fields: ['title'],
  display_fields: ['title'],
};

/** A person named by an episode, chosen from content/people/ by name (the file name is the id). */
const PERSON_RELATION: Partial<CmsField> = {
  widget: 'relation',
  collection: 'people',
  value_field: '{{slug}}',
  search_fields: ['name'],
  display_fields: ['name'],
};

/**
 * The editor's own widget (registered by client/admin.tsx under this name) for a value that is one of
 * a few fixed words or a list: `keywords` offers each word with its label ('mainNav' is "Same as Main
 * nav", as the editor labels the field mainNav), and the rest of the field is the list's (`fields` or
 * `field`, `min`, `max`), as Decap's list widget reads them.
 */
export const KEYWORD_OR_LIST_WIDGET = 'keyword-or-list';

/** A union of string literals and one list (and nothing else): its words and its list's schema. */
function keywordOrList(schema: Schema): { keywords: string[]; list: Schema } | undefined {
  const options = defOf(schema).type === 'union' ? ((defOf(schema) as { options?: Schema[] }).options ?? []) : [];
  const lists = options.filter((option) => defOf(option).type === 'array');
  const keywords = options.map((option) => jsonOf(option).const).filter((value): value is string => typeof value === 'string');
  if (lists.length !== 1 || keywords.length === 0 || keywords.length + 1 !== options.length) return undefined;
  return { keywords, list: lists[0]! };
}

/** One Decap field for one schema field. */
export function fieldOf(name: string, schema: Schema, overrides: Record<string, Partial<CmsField>> = {}): CmsField {
  let inner = schema;
  let required = true;
  while (['optional', 'default', 'nullable'].includes(defOf(inner).type)) {
    required = false;
    inner = defOf(inner).innerType!;
  }
  const def = defOf(inner);
  const json = jsonOf(inner);
  const hint = messageOf(inner);
  const base: CmsField = {
    name,
    label: labelOf(name),
    widget: 'string',
    ...(required ? {} : { required: false }),
    ...(hint ? { hint } : {}),
  };
  let field: CmsField;
  if (def.type === 'object') {
    field = { ...base, widget: 'object', fields: Object.entries(def.shape!).map(([key, value]) => fieldOf(key, value, overrides)) };
  } else if (def.type === 'array') {
    const element = def.element!;
    const limits = {
      ...(json.minItems !== undefined ? { min: json.minItems } : {}),
      ...(json.maxItems !== undefined ? { max: json.maxItems } : {}),
    };
    field =
      defOf(element).type === 'object'
        ? {
            ...base,
            widget: 'list',
            ...limits,
            fields: Object.entries(defOf(element).shape!).map(([key, value]) => fieldOf(key, value, overrides)),
          }
        : { ...base, widget: 'list', ...limits, field: fieldOf(name.replace(/s$/, ''), element, overrides) };
  } else if (def.type === 'boolean') {
    // A switch cannot be wrong: no hint.
    const { hint: _hint, ...rest } = base;
    field = { ...rest, widget: 'boolean' };
  } else if (def.type === 'number') {
    const min = json.minimum ?? (json.exclusiveMinimum !== undefined ? json.exclusiveMinimum + 1 : undefined);
    field = { ...base, widget: 'number', ...(json.type === 'integer' ? { value_type: 'int' } : {}), ...(min !== undefined ? { min } : {}) };
  } else if (json.enum) {
    field = { ...base, widget: 'select', options: json.enum.map(String) };
  } else if (
    json.type === 'string' ||
    json.anyOf?.every((branch) => branch.type === 'string') ||
    // A number or a text of one pattern (a chapter's start: 754 or "00:12:34"): the editor saves text, which the schema reads too.
    (Array.isArray(json.type) && json.type.every((type) => type === 'string' || type === 'number') && json.pattern !== undefined)
  ) {
    const pattern = stringPattern(json);
    field = {
      ...base,
      widget: json.widget === 'image' || json.widget === 'file' ? json.widget : LONG_TEXT.test(name) ? 'text' : 'string',
      // Decap's own library reads the size limit from each image or file field (a top-level media_library names an outside one).
      ...(json.widget === 'image' || json.widget === 'file'
        ? { media_library: { config: { max_file_size: MEDIA_UPLOADS.maxBytes } } }
        : {}),
      // Not on an image or a file: Decap checks such a widget's pattern against its own value object and refuses every
      // upload. The path or URL is checked by content:check and at the build instead.
      ...(pattern && json.widget !== 'image' && json.widget !== 'file'
        ? { pattern: [pattern, hint ?? 'is not in the expected form'] }
        : {}),
    };
  } else if (keywordOrList(inner)) {
    // A fixed word or a list of its own (footerGroups' links: 'mainNav', the navigation bar's links, or
    // a list of links): Decap has no widget for a choice between kinds, so the editor's bundle adds one
    // (client/admin.tsx), which offers each word and, for the list, Decap's own list widget.
    const { keywords, list } = keywordOrList(inner)!;
    const { hint: _hint, ...listField } = fieldOf(name, list, overrides);
    const choices = keywords.map((keyword) => ({ value: keyword, label: `Same as ${labelOf(keyword)}` }));
    field = {
      ...listField,
      ...(required ? {} : { required: false }),
      widget: KEYWORD_OR_LIST_WIDGET,
      keywords: choices,
      hint: `${choices.map((choice) => `"${choice.label}" (${choice.value} in the file)`).join(', ')}, or ${listField.label.toLowerCase()} of its own`,
    };
  } else {
    // A choice between kinds Decap cannot show as one widget and keywordOrList does not cover: kept
    // as it is in the file, edited there. The test lists these (none today), so a new one is a decision.
    field = { ...base, widget: 'hidden' };
  }
  return { ...field, ...overrides[name] };
}

const fieldsOf = (schema: Schema, overrides?: Record<string, Partial<CmsField>>) =>
  Object.entries(defOf(schema).shape!).map(([key, value]) => fieldOf(key, value, overrides));

const body = (label: string, hint: string): CmsField => ({ name: 'body', label, widget: 'markdown', hint });

/** The schema and file of each settings-like file the editor changes, one entry each. */
const SETTINGS_FILES: Array<{ name: string; label: string; file: string; schema: Schema; body?: string }> = [
  { name: 'site', label: 'Site: firm, links, navigation, footer', file: 'content/site.yaml', schema: siteFile },
  { name: 'home', label: 'Home page', file: 'content/home.yaml', schema: homeFile },
  { name: 'podcast', label: 'Podcast page', file: 'content/pages/podcast.yaml', schema: podcastPageFile },
  { name: 'press', label: 'Press page', file: 'content/pages/press.yaml', schema: pressPageFile },
  { name: 'contact', label: 'Contact page', file: 'content/pages/contact.yaml', schema: contactPageFile },
  { name: 'terms', label: 'Terms page', file: 'content/pages/terms.yaml', schema: termsPageFile },
  { name: 'not-found', label: 'Page not found', file: 'content/pages/not-found.yaml', schema: notFoundPageFile },
  { name: 'privacy', label: 'Privacy policy', file: 'content/pages/privacy.md', schema: legalFrontMatter, body: 'Sections' },
  {
    name: 'accessibility',
    label: 'Accessibility statement',
    file: 'content/pages/accessibility.md',
    schema: legalFrontMatter,
    body: 'Sections',
  },
];

/** The whole environment-free part of the editor's config. */
export function cmsCollections(): CmsCollectionsConfig {
  return {
    publish_mode: 'editorial_workflow',
    media_folder: MEDIA_UPLOADS.folder,
    public_folder: MEDIA_UPLOADS.publicPath,
    collections: [
      {
        name: 'episodes',
        label: 'Episodes',
        label_singular: 'Episode',
        folder: 'content/episodes',
        extension: 'md',
        format: 'frontmatter',
        create: true,
        // The file name is the address (/podcast/<id>), made once from the title and never changed.
        slug: '{{slug}}',
        identifier_field: 'title',
        summary: '{{date}} {{title}}',
        preview_path: 'podcast/{{slug}}',
        fields: [
          ...fieldsOf(episodeFrontMatter, { host: PERSON_RELATION, guest: PERSON_RELATION }),
          body('Description', 'Markdown: paragraphs, lists, **bold**, links'),
        ],
      },
      {
        name: 'people',
        label: 'People',
        label_singular: 'Person',
        folder: 'content/people',
        extension: 'yaml',
        format: 'yaml',
        create: true,
        // The file name is the address (/people/<id>) and what episodes name: made once from the name.
        slug: '{{name}}',
        identifier_field: 'name',
        summary: '{{name}} ({{role}})',
        fields: fieldsOf(personFile),
      },
      {
        name: 'transcripts',
        label: 'Transcripts',
        label_singular: 'Transcript',
        folder: 'content/transcripts',
        extension: 'md',
        format: 'frontmatter',
        create: true,
        // Named after its episode, which the loader checks.
        slug: '{{slug}}',
        identifier_field: 'episode',
        fields: [
          ...fieldsOf(transcriptFrontMatter, { episode: EPISODE_RELATION }),
          body('Transcript', 'One paragraph per turn, starting with the speaker in bold: **Morgan Ellery:** Welcome…'),
        ],
      },
      {
        name: 'press',
        label: 'Press',
        label_singular: 'Press article',
        folder: 'content/press',
        extension: 'yaml',
        format: 'yaml',
        create: true,
        slug: '{{date}}-{{publication}}',
        identifier_field: 'title',
        summary: '{{date}} {{publication}}: {{title}}',
        fields: fieldsOf(pressFile),
      },
      {
        name: 'services',
        label: 'Service pages',
        // The six pages are fixed (shared/content/service-slugs.ts): edited, never created or deleted.
        delete: false,
        files: SERVICE_SLUGS.map((slug) => ({
          name: slug,
          label: labelOf(slug),
          file: `content/services/${slug}.yaml`,
          fields: fieldsOf(servicePageFile),
        })),
      },
      {
        name: 'settings',
        label: 'Site settings and page copy',
        delete: false,
        files: SETTINGS_FILES.map(({ name, label, file, schema, body: bodyLabel }) => ({
          name,
          label,
          file,
          ...(bodyLabel ? { format: 'frontmatter' } : {}),
          fields: [...fieldsOf(schema), ...(bodyLabel ? [body(bodyLabel, 'One "## Heading" per section')] : [])],
        })),
      },
      {
        name: 'redirects',
        label: 'Redirects',
        delete: false,
        files: [
          {
            name: 'redirects',
            label: 'Old addresses to episodes',
            file: 'content/redirects.yaml',
            fields: fieldsOf(redirectsFile, { episode: EPISODE_RELATION }),
          },
        ],
      },
    ],
  };
}
