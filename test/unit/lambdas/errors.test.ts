import './support/env';
import {
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { ApiError, ConflictError, THROTTLED_RETRY_AFTER_SECONDS, isThrottlingError } from '../../../lambdas/lib/errors';
import { ok } from '../../../lambdas/lib/http';
import { logger } from '../../../lambdas/lib/logger';
import { apiHandler, errorResponse } from '../../../lambdas/lib/middleware';
import { invoke } from './support/events';

const sdkError = (name: string) =>
  Object.assign(new Error(`The level of configured provisioned throughput for the table was exceeded`), {
    name,
    $metadata: { httpStatusCode: 400 },
  });

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

let thrown: unknown;
// One route that throws whatever the test puts in `thrown`; the audit entry is accepted and dropped.
const handler = apiHandler(
  'check_npi',
  {
    'GET /check_npi': async () => {
      if (thrown !== undefined) throw thrown;
      return ok({ success: true });
    },
  },
  { writeAudit: async () => {} },
);

afterEach(() => {
  thrown = undefined;
  jest.restoreAllMocks();
});

describe('DynamoDB throttling', () => {
  it.each([
    [
      'ProvisionedThroughputExceededException',
      new ProvisionedThroughputExceededException({ message: 'x', $metadata: {} }),
    ],
    ['ThrottlingException', sdkError('ThrottlingException')],
    ['RequestLimitExceeded', new RequestLimitExceeded({ message: 'x', $metadata: {} })],
    ['a transaction cancelled by throttling', cancelled('None', 'ThrottlingError')],
  ])('answers %s with a 429, Retry-After in seconds and the JSON error body', async (_name, error) => {
    // Prepare
    thrown = error;
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    // Act
    const answer = await invoke(handler, { method: 'GET', path: '/check_npi', sub: 'u1' });
    // Assess
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe(String(THROTTLED_RETRY_AFTER_SECONDS));
    expect(answer.body).toEqual({
      success: false,
      message: 'Service temporarily unavailable. Please try again in a moment.',
    });
  });

  it('logs the throttling error as the cause of the 429', () => {
    // Prepare
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    // Act
    errorResponse(sdkError('ThrottlingException'), 'GET /case');
    // Assess
    expect(warn).toHaveBeenCalledWith(
      'Request throttled',
      expect.objectContaining({
        routeKey: 'GET /case',
        status: 429,
        cause: expect.objectContaining({ name: 'ThrottlingException', stack: expect.any(String) }),
      }),
    );
  });

  it('does not take a conflict or a failed condition for throttling', () => {
    // Act
    const verdicts = [
      isThrottlingError(cancelled('TransactionConflict')),
      isThrottlingError(cancelled('ConditionalCheckFailed')),
      isThrottlingError(sdkError('ValidationException')),
      isThrottlingError('ThrottlingException'),
    ];
    // Assess
    expect(verdicts).toEqual([false, false, false, false]);
  });
});

describe('errors the handlers do not expect', () => {
  it('answer 500 with the request id, and log the error and its cause without the request', async () => {
    // Prepare
    const error = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    thrown = new Error('write failed', { cause: sdkError('InternalServerError') });
    // Act
    const answer = await invoke(handler, {
      method: 'GET',
      path: '/check_npi',
      sub: 'u1',
      query: { npi: '1234567893' },
      body: { patient: 'Jane Roe' },
    });
    // Assess
    expect(answer).toMatchObject({
      status: 500,
      body: { success: false, message: 'Internal server error', request_id: 'req-1' },
    });
    expect(error).toHaveBeenCalledWith(
      'Unhandled error',
      expect.objectContaining({
        error: expect.objectContaining({
          name: 'Error',
          message: 'write failed',
          cause: expect.objectContaining({ name: 'InternalServerError', stack: expect.any(String) }),
        }),
      }),
    );
    const logged = JSON.stringify(error.mock.calls);
    expect(logged).not.toContain('Jane Roe');
    expect(logged).not.toContain('1234567893');
  });
});

describe('ApiError', () => {
  it('carries its status, message, answer fields and cause (Powertools style)', () => {
    // Prepare
    const cause = sdkError('ConditionalCheckFailedException');
    // Act
    const error = new ApiError(409, 'The case was changed', { cause, body: { current_version: 3 } });
    const answer = errorResponse(error);
    // Assess
    expect(error).toMatchObject({ status: 409, message: 'The case was changed', cause });
    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(String(answer.body))).toEqual({
      success: false,
      message: 'The case was changed',
      current_version: 3,
    });
  });

  it('logs only the names of a refusal and its cause: their messages may echo user input', () => {
    // Prepare
    const info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
    const cause = new Error('user_id Jane-Roe-1 already exists');
    // Act
    errorResponse(new ConflictError('User already exists', { cause }), 'PUT /user');
    // Assess
    expect(info).toHaveBeenCalledWith('Request refused', {
      routeKey: 'PUT /user',
      error: 'ConflictError',
      status: 409,
      cause: 'Error',
    });
    expect(JSON.stringify(info.mock.calls)).not.toContain('Jane-Roe');
  });
});
