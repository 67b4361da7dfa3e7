/**
 * The check of every API answer the integration suite receives against the route's contract
 * (shared/api-contract.ts, from which shared/openapi.json is generated): a status the contract does
 * not list, or a body its schema refuses, fails the test with the route and zod's issues.
 */
import * as z from 'zod';
import { ROUTE_CONTRACTS, routeStatuses, type ContractRouteKey } from '../../shared/api-contract';
import { ROUTES, routeKeyOf } from '../../shared/api-routes';
import { ErrorAnswerSchema } from '../../shared/schemas/answers';

const KEYS = new Set<string>(ROUTES.map(routeKeyOf));

/**
 * Throws when an answer of `method path` (path relative to the API base, query string allowed)
 * breaks its contract. Paths outside the route table (a 404 of the gateway) are not checked.
 */
export function checkAnswer(
  method: string,
  path: string,
  status: number,
  body: unknown,
  contentType: string | null,
): void {
  const key = `${method.toUpperCase()} ${path.split('?')[0]}`;
  if (!KEYS.has(key)) return;
  const contract = ROUTE_CONTRACTS[key as ContractRouteKey];
  const statuses = routeStatuses(contract);
  if (!statuses.includes(status)) {
    throw new Error(`${key} answered ${status}, which its contract does not list (${statuses.join(', ')})`);
  }
  const answer = contract.answers[status] ?? ErrorAnswerSchema;
  if (!(answer instanceof z.ZodType)) {
    if (!contentType?.startsWith(answer.contentType)) {
      throw new Error(`${key} answered ${status} as ${contentType}, not ${answer.contentType}`);
    }
    return;
  }
  const result = answer.safeParse(body);
  if (!result.success) {
    throw new Error(`${key} answered ${status} with a body its contract refuses:\n${z.prettifyError(result.error)}`);
  }
}
