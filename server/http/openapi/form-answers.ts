/**
 * What every form endpoint's operation has, whatever the form: the answers
 * of its guards (server/forms/intake/form-endpoint.ts), its request body as
 * JSON or a form, its rate limit in words, and the 405 of other methods.
 */
import type { FormFacts } from './api-facts';
import { exampleValues, FORM_TYPE, headerRef, json, JSON_TYPE, noStore, ref, responseRef } from './openapi-objects';
import type { Json } from './openapi-objects';

function describeWindow(windowMs: number): string {
  if (windowMs === 60_000) return 'minute';
  if (windowMs === 3_600_000) return 'hour';
  return `${windowMs / 1000} seconds`;
}

export function rateLimitText({ limit, windowMs }: FormFacts['rateLimit'], noun: string, variable: string): string {
  if (limit === 0) return `This instance sets no per-client limit (\`${variable}=0\`).`;
  return `At most ${limit} ${noun} per client per ${describeWindow(windowMs)} on this instance (\`${variable}\`).`;
}

/** The answers of the guards every form endpoint has (server/forms/intake/form-endpoint.ts). */
export function guardAnswers(noun: string, facts: FormFacts, refusalSchema: Json) {
  return {
    '403': {
      description:
        `A post from another site: \`Sec-Fetch-Site\` other than same-origin or none, or an \`Origin\` that is not this site. ` +
        `Clients that send neither (curl, servers) pass.`,
      headers: noStore,
      content: json(refusalSchema),
    },
    '413': {
      description: `A body over ${facts.bodyLimit} (1 kb is 1,024 bytes), as JSON or as a form.`,
      headers: noStore,
      content: json(refusalSchema),
    },
    '415': {
      description: `A body that is neither ${JSON_TYPE} nor ${FORM_TYPE} (or none), or in a charset the endpoint cannot read. ${noun} is not read.`,
      headers: { ...noStore, 'Accept-Post': headerRef('AcceptPost') },
      content: json(refusalSchema),
    },
  };
}

export const requestBody = (description: string, jsonSchema: string, formSchema: string, jsonExample: Json) => ({
  required: true,
  description,
  content: {
    [JSON_TYPE]: { schema: ref(jsonSchema), examples: exampleValues({ example: jsonExample }) },
    [FORM_TYPE]: { schema: ref(formSchema) },
  },
});

/** GET, PUT, PATCH and DELETE on a form's path: a 405 saying to POST. */
export function otherMethods(path: string, operation: string, noun: string) {
  return Object.fromEntries(
    (['get', 'put', 'patch', 'delete'] as const).map((method) => [
      method,
      {
        operationId: `${operation}With${method[0]!.toUpperCase()}${method.slice(1)}`,
        tags: ['forms'],
        summary: `Not allowed: ${noun} are sent with POST`,
        description: `Every method but POST on ${path} is answered 405.`,
        responses: { '405': responseRef('MethodNotAllowed') },
      },
    ]),
  );
}
