import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPENAPI_PATH, buildOpenApiDocument, openApiText, operationId } from '../../../bin/lib/openapi';
import { ROUTE_CONTRACTS, routeStatuses, type ContractRouteKey } from '../../../shared/api-contract';
import { ROUTES, routeKeyOf } from '../../../shared/api-routes';

const { version } = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string };

type Operation = {
  operationId: string;
  security: unknown[];
  'x-user-types': { minimum: number } | null;
  parameters?: { name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

describe('the OpenAPI document (shared/openapi.json)', () => {
  const doc = buildOpenApiDocument(version) as Doc;
  const operation = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];

  it('is committed as generated: run `npm run openapi` after changing a route, a contract or a schema', () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(openApiText(version));
  });

  it('describes every route of the table once, with who may call it and every status it answers', () => {
    const ids = new Set<string>();
    for (const route of ROUTES) {
      const op = operation(route.method, route.path);
      expect(op).toBeDefined();
      ids.add(op!.operationId);
      const contract = ROUTE_CONTRACTS[routeKeyOf(route) as ContractRouteKey];
      expect(Object.keys(op!.responses).map(Number)).toEqual(routeStatuses(contract));
      expect(op!.security.length > 0).toBe(route.auth);
      expect(op!['x-user-types'] === null).toBe(!route.auth);
    }
    expect(ids.size).toBe(ROUTES.length);
    expect(Object.values(doc.paths).flatMap((byMethod) => Object.keys(byMethod))).toHaveLength(ROUTES.length);
  });

  it('names the user_type rules of the back-office routes', () => {
    expect(operation('GET', '/audit')!['x-user-types']).toEqual({ minimum: 100 });
    expect(operation('PUT', '/case')!['x-user-types']).toEqual({ minimum: 10 });
    expect(operation('POST', '/report/provider-payment')!['x-user-types']).toEqual({ minimum: 50 });
    expect(operation('GET', '/health')!['x-user-types']).toBeNull();
  });

  it('gives the paged lists `limit` and `cursor`, and their answers `next_cursor`', () => {
    const schemas = doc.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
    for (const key of ['GET /case/deleted', 'GET /audit', 'GET /surgeon', 'GET /lists/insurance'] as const) {
      const [method, path] = key.split(' ') as [string, string];
      const op = operation(method, path)!;
      expect(op.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'cursor']));
      const ref = (op.responses['200'] as { content: { 'application/json': { schema: { $ref: string } } } }).content[
        'application/json'
      ].schema.$ref;
      expect(schemas[ref.split('/').pop()!]?.properties).toHaveProperty('next_cursor');
    }
  });

  it('has one operation id per route key', () => {
    expect(operationId('POST /lists/import/start')).toBe('postListsImportStart');
    expect(operationId('GET /doc_types')).toBe('getDocTypes');
  });
});
