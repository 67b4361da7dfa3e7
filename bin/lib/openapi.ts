/**
 * The OpenAPI 3.1 document of the API, built from the route table (shared/api-routes.ts) and the
 * route contracts (shared/api-contract.ts) with zod's `z.toJSONSchema` (input side: what goes over
 * the wire). `npm run openapi` writes it to {@link OPENAPI_PATH}; a unit test fails when the
 * committed file differs from a fresh build. Deterministic: same code, same bytes.
 */
import { join } from 'node:path';
import * as z from 'zod';
import { ROUTE_CONTRACTS, commonErrors, type ContractRouteKey, type RouteContract } from '../../shared/api-contract';
import { ROUTES, routeKeyOf, type RouteDef } from '../../shared/api-routes';
import { roleLabel } from '../../shared/roles';
import { NAMED_ANSWER_SCHEMAS } from '../../shared/schemas/answers';

/** Where the committed document lives (docs/api.md). */
export const OPENAPI_PATH = join(__dirname, '..', '..', 'shared', 'openapi.json');

type Json = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input: the message, and `errors` naming each field. Nothing changed.',
  401: 'No valid token.',
  403: 'The caller may not do this (user_type, or a refused change).',
  404: "Not found, or someone else's (the same answer: existence is not revealed).",
  409: 'Conflict: the item exists, or was changed since it was read (optimistic lock).',
  413: 'Request body over 10 MB, or a report too large.',
  415: 'A body not sent as `application/json`.',
  429: 'Too many requests (rate limit, or the database throttled): retry after `Retry-After` seconds.',
  500: 'Internal error (logged with the request id).',
  502: 'The NPPES registry failed or is slow.',
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: running',
  503: 'The database failed (same body).',
};

/** `GET /lists/import/start` -> `getListsImportStart`. */
export function operationId(key: string): string {
  const [method = '', path = ''] = key.split(' ');
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

const pascal = (key: string) => {
  const id = operationId(key);
  return id[0]!.toUpperCase() + id.slice(1);
};

/** Options of every conversion: the input side; zod's safe-integer bounds of `.int()` left out. */
const TO_JSON = {
  io: 'input',
  unrepresentable: 'any',
  override: ({ jsonSchema }: { jsonSchema: Json }) => {
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  },
} as const;

/** The JSON schema of `schema` as sent (input side), without `$schema`. */
function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, TO_JSON) as Json;
  return rest;
}

/** Query parameters of a route from its zod object. */
function parameters(query: z.ZodObject | undefined): Json[] {
  if (!query) return [];
  const schema = jsonSchema(query) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

/** Who may call, in words. */
function accessText(contract: RouteContract): string {
  const { access } = contract;
  if (!access) return 'No sign-in.';
  const who =
    access.min === 0
      ? 'Every signed-in user'
      : `Signed-in users with user_type ${access.min} or more (${roleLabel(access.min)} and above)`;
  return `${who}.${access.rule ? ` ${access.rule}` : ''}`;
}

/**
 * Build the document. Named schemas (components.schemas): the shared answer shapes, then each
 * route's body and answers (a schema used by several routes is named after the first).
 */
export function buildOpenApiDocument(version: string): Json {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(NAMED_ANSWER_SCHEMAS)) registry.add(schema, { id });
  const name = (schema: z.ZodType, id: string) => {
    if (!registry.has(schema)) registry.add(schema, { id });
    return `#/components/schemas/${registry.get(schema)!.id}`;
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const route of ROUTES as readonly RouteDef[]) {
    const key = routeKeyOf(route) as ContractRouteKey;
    const contract = ROUTE_CONTRACTS[key];
    const base = pascal(key);
    const responses: Record<string, Json> = {};
    const answers = Object.entries(contract.answers).sort(([a], [b]) => Number(a) - Number(b));
    for (const [status, answer] of answers) {
      const description = SUCCESS_DESCRIPTIONS[Number(status)] ?? 'OK';
      if (!answer) continue;
      if (answer instanceof z.ZodType) {
        const id = answers.length > 1 ? `${base}Answer${status}` : `${base}Answer`;
        responses[status] = { description, content: { 'application/json': { schema: { $ref: name(answer, id) } } } };
      } else {
        responses[status] = {
          description: answer.description,
          content: { [answer.contentType]: { schema: { type: 'string', contentMediaType: answer.contentType } } },
        };
      }
    }
    const errors = [...new Set([...contract.errors, ...commonErrors(contract)])].sort((a, b) => a - b);
    for (const status of errors) responses[String(status)] = { $ref: `#/components/responses/Error${status}` };

    const paging = contract.paged
      ? " Paged: send `limit` and, for the next page, the answer's `next_cursor` as `cursor`; `next_cursor` is absent on the last page."
      : '';
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: operationId(key),
      summary: contract.summary,
      description: `Who may call: ${accessText(contract)}${paging}`,
      tags: [route.resource],
      security: route.auth ? [{ cognito: [] }] : [],
      'x-user-types': contract.access
        ? { minimum: contract.access.min, ...(contract.access.rule ? { rule: contract.access.rule } : {}) }
        : null,
      ...(contract.query ? { parameters: parameters(contract.query) } : {}),
      ...(contract.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: name(contract.body, `${base}Body`) } } },
            },
          }
        : {}),
      responses,
    };
  }

  const schemas = (
    z.toJSONSchema(registry, { ...TO_JSON, uri: (id) => `#/components/schemas/${id}` }) as {
      schemas: Record<string, Json>;
    }
  ).schemas;
  const components: Json = {
    securitySchemes: {
      cognito: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'A Cognito access or ID token of the Suture user pool.',
      },
    },
    responses: Object.fromEntries(
      Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
        `Error${status}`,
        { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      ]),
    ),
    schemas: Object.fromEntries(
      Object.keys(schemas)
        .sort()
        .map((id) => {
          const { $schema: _s, $id: _i, ...rest } = schemas[id]!;
          return [id, rest];
        }),
    ),
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Suture API',
      version,
      description:
        'Surgical case management and billing. Generated from shared/api-routes.ts and shared/api-contract.ts by `npm run openapi` (docs/api.md). `x-user-types` names the lowest user_type that may call a route and, where it depends on the data, the rule.',
    },
    servers: [{ url: '/api', description: 'The API under the site (CloudFront on AWS, the local gateway locally).' }],
    security: [{ cognito: [] }],
    paths,
    components,
  };
}

/** The document as committed: 2-space JSON and a final newline. */
export function openApiText(version: string): string {
  return `${JSON.stringify(buildOpenApiDocument(version), null, 2)}\n`;
}
