/**
 * Holds real answers to an OpenAPI 3.1 document (the one the server serves at
 * /api/openapi.json): finds the operation and the status in it, and validates
 * the body and every documented header with ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1). An operation, a status or a media type the document
 * does not name is a failure, as is a required header that is missing.
 *
 * It keeps what it checked, so a test can ask which documented answers no
 * request produced (`documented()` against `exercised`).
 */
import { Ajv2020 } from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';

type Json = Record<string, unknown>;

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Where the document is registered with ajv; its local $refs resolve against it. */
const DOCUMENT_ID = 'https://openapi.invalid/served.json';
/** The OpenAPI keywords around and inside schemas, which are not JSON Schema's. */
const OPENAPI_KEYWORDS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
  'externalDocs',
  'discriminator',
  'xml',
  'example',
];

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const essenceOf = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** What the header's text is as the schema's type: Retry-After "60" is the integer 60. */
function headerValue(value: string, schema: Json): unknown {
  return (schema.type === 'integer' || schema.type === 'number') && /^-?\d+(?:\.\d+)?$/.test(value) ? Number(value) : value;
}

export class OpenApiContract {
  readonly document: Json;
  /** `METHOD path status [media type]` of every answer checked, and `METHOD path request <type>` of every request body type. */
  readonly exercised = new Set<string>();
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: Json) {
    this.document = document;
    this.ajv = new Ajv2020({ strict: true, allErrors: true });
    this.ajv.addVocabulary(OPENAPI_KEYWORDS);
    this.ajv.addSchema(document, DOCUMENT_ID);
  }

  /** The object at a JSON pointer of the document, following a local $ref there; with the pointer it was found at. */
  private at(pointer: string): { value: Json; pointer: string } {
    let value: unknown = this.document;
    for (const token of pointer.split('/').slice(1)) {
      const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
      value = isObject(value) ? value[key] : undefined;
    }
    if (!isObject(value)) throw new Error(`the document has nothing at ${pointer}`);
    const target = value.$ref;
    if (typeof target === 'string') {
      if (!target.startsWith('#/')) throw new Error(`only local references are followed (${target})`);
      return this.at(target.slice(1));
    }
    return { value, pointer };
  }

  private validate(pointer: string, value: unknown): string | undefined {
    let validator = this.validators.get(pointer);
    if (!validator) {
      const fragment = pointer
        .split('/')
        .map((token) => encodeURIComponent(token))
        .join('/');
      validator = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${fragment}` });
      this.validators.set(pointer, validator);
    }
    return validator(value) ? undefined : this.ajv.errorsText(validator.errors, { dataVar: 'value' });
  }

  private operation(method: string, path: string): { value: Json; pointer: string } {
    const paths = this.document.paths;
    const lower = method.toLowerCase();
    if (!isObject(paths) || !isObject(paths[path]) || !isObject(paths[path][lower])) {
      throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
    }
    return this.at(`/paths/${escapeToken(path)}/${lower}`);
  }

  /** Checks one real answer; throws, naming every difference, when the document does not say it. */
  check(method: string, path: string, answer: Answer, request?: { type?: string }): void {
    const name = `${method.toUpperCase()} ${path}`;
    const operation = this.operation(method, path);
    const responses = operation.value.responses;
    const status = String(answer.status);
    if (!isObject(responses) || !(status in responses)) {
      throw new Error(
        `${name} answered ${status}, a status the document does not name (it names ${Object.keys(isObject(responses) ? responses : {}).join(', ')})`,
      );
    }
    const response = this.at(`${operation.pointer}/responses/${status}`);
    const problems: string[] = [];

    for (const headerName of Object.keys(isObject(response.value.headers) ? response.value.headers : {})) {
      const header = this.at(`${response.pointer}/headers/${escapeToken(headerName)}`);
      const value = answer.headers.get(headerName);
      if (value === null) {
        if (header.value.required === true) problems.push(`the header ${headerName} is missing`);
        continue;
      }
      const schema = this.at(`${header.pointer}/schema`);
      const error = this.validate(schema.pointer, headerValue(value, schema.value));
      if (error) problems.push(`the header ${headerName}: ${value}: ${error}`);
    }

    const content = response.value.content;
    if (isObject(content)) {
      const type = essenceOf(answer.headers.get('content-type'));
      if (!(type in content)) {
        problems.push(`its body is ${type || 'untyped'}, and the document names ${Object.keys(content).join(', ')}`);
      } else {
        let body: unknown = answer.text;
        if (type === 'application/json' || type.endsWith('+json')) {
          try {
            body = JSON.parse(answer.text);
          } catch {
            problems.push(`its body is not JSON: ${answer.text.slice(0, 200)}`);
          }
        }
        const error = this.validate(`${response.pointer}/content/${escapeToken(type)}/schema`, body);
        if (error) problems.push(`its body ${answer.text.slice(0, 300)}: ${error}`);
        this.exercised.add(`${name} ${status} ${type}`);
      }
    } else {
      this.exercised.add(`${name} ${status}`);
    }
    if (request?.type && this.requestTypes(method, path).includes(request.type)) this.exercised.add(`${name} request ${request.type}`);
    if (problems.length > 0) throw new Error(`${name} ${status}: ${problems.join('; ')}`);
  }

  private requestTypes(method: string, path: string): string[] {
    const operation = this.operation(method, path);
    if (!isObject(operation.value.requestBody)) return [];
    const body = this.at(`${operation.pointer}/requestBody`);
    return Object.keys(isObject(body.value.content) ? body.value.content : {});
  }

  /** Whether a request body meets the documented schema of its media type; the errors when it does not. */
  acceptsRequest(method: string, path: string, type: string, body: unknown): { valid: boolean; errors?: string } {
    if (!this.requestTypes(method, path).includes(type)) throw new Error(`${method.toUpperCase()} ${path} takes no ${type} body`);
    const operation = this.operation(method, path);
    const requestBody = this.at(`${operation.pointer}/requestBody`);
    const errors = this.validate(`${requestBody.pointer}/content/${escapeToken(type)}/schema`, body);
    return errors ? { valid: false, errors } : { valid: true };
  }

  /** Every answer the document names, as `exercised` records them. */
  documented(): string[] {
    const all: string[] = [];
    const paths = isObject(this.document.paths) ? this.document.paths : {};
    for (const [path, item] of Object.entries(paths)) {
      for (const method of METHODS) {
        if (!isObject(item) || !isObject(item[method])) continue;
        const name = `${method.toUpperCase()} ${path}`;
        const operation = this.operation(method, path);
        for (const status of Object.keys(isObject(operation.value.responses) ? operation.value.responses : {})) {
          const response = this.at(`${operation.pointer}/responses/${status}`);
          const types = Object.keys(isObject(response.value.content) ? response.value.content : {});
          if (types.length === 0) all.push(`${name} ${status}`);
          for (const type of types) all.push(`${name} ${status} ${type}`);
        }
        for (const type of this.requestTypes(method, path)) all.push(`${name} request ${type}`);
      }
    }
    return all;
  }
}
