import { checkAnswer } from '../../support/answer-schemas';
import { ROUTE_CONTRACTS, routeStatuses } from '../../../shared/api-contract';

describe('the answer check of the integration suite', () => {
  const health = { status: 'ok', service: 'case', time: '2026-11-26T15:00:00.000Z' };

  it('accepts an answer its route describes, and refusals in the error shape', () => {
    expect(() => checkAnswer('GET', '/case/health', 200, health, 'application/json')).not.toThrow();
    expect(() => checkAnswer('get', '/case/health?x=1', 200, health, 'application/json')).not.toThrow();
    const refusal = { success: false, message: 'case_id is required', errors: [{ field: 'case_id', message: 'x' }] };
    expect(() => checkAnswer('DELETE', '/case', 400, refusal, 'application/json')).not.toThrow();
    expect(() => checkAnswer('GET', '/case', 401, { message: 'Unauthorized' }, 'application/json')).not.toThrow();
  });

  it('fails with the route and the issues when the body breaks the schema', () => {
    expect(() => checkAnswer('GET', '/case/health', 200, { ...health, service: 'user' }, 'application/json')).toThrow(
      /GET \/case\/health answered 200 with a body its contract refuses:[\s\S]*service/,
    );
    expect(() => checkAnswer('DELETE', '/case', 404, { success: false }, 'application/json')).toThrow(/message/);
  });

  it('fails on a status the route does not describe', () => {
    expect(() => checkAnswer('GET', '/case/health', 404, { message: 'x' }, 'application/json')).toThrow(
      'GET /case/health answered 404, which its contract does not list (200, 400, 429, 500)',
    );
  });

  it('checks the content type of a binary answer, and leaves paths outside the route table alone', () => {
    expect(() => checkAnswer('POST', '/report/provider-payment', 200, '%PDF', 'application/pdf')).not.toThrow();
    expect(() => checkAnswer('POST', '/report/provider-payment', 200, {}, 'application/json')).toThrow(
      /application\/pdf/,
    );
    expect(() => checkAnswer('GET', '/nothing-here', 404, 'Not Found', 'text/plain')).not.toThrow();
  });

  it('lists 401 for signed-in routes only, and 413 and 415 for routes with a body', () => {
    expect(routeStatuses(ROUTE_CONTRACTS['GET /health'])).toEqual([200, 400, 429, 500, 503]);
    expect(routeStatuses(ROUTE_CONTRACTS['PUT /case'])).toEqual([200, 400, 401, 403, 404, 409, 413, 415, 429, 500]);
  });
});
