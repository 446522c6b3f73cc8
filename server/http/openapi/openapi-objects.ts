/**
 * The OpenAPI objects the document is made of, shared by its parts: the body
 * types, references into the components, media types with their examples,
 * and the headers the answers carry.
 */

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';
export const HTML_TYPE = 'text/html';

export type Json = Record<string, unknown>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

export const headers = {
  NoStore: { description: 'Never cached.', required: true, schema: { type: 'string', const: 'no-store' } },
  RetryAfter: { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 1 } },
  AllowPost: { description: 'The one method the path takes.', required: true, schema: { type: 'string', const: 'POST' } },
  AcceptPost: {
    description: 'The body types the endpoint takes.',
    required: true,
    schema: { type: 'string', const: `${JSON_TYPE}, ${FORM_TYPE}` },
  },
  ETag: { description: "The document's validator, for If-None-Match.", required: true, schema: { type: 'string' } },
};

export const json = (schema: Json, examples?: Record<string, Json>) => ({
  [JSON_TYPE]: { schema, ...(examples ? { examples: exampleValues(examples) } : {}) },
});
export const exampleValues = (examples: Record<string, Json>) =>
  Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }]));
export const refusal = (error: string) => ({ ok: false, error });
export const noStore = { 'Cache-Control': headerRef('NoStore') };
