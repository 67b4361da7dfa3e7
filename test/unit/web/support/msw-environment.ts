/**
 * The jsdom test environment of the web component tests that talk to the fake API
 * (./fake-api-server.ts, Mock Service Worker). Use it with the docblock
 * `@jest-environment ./test/unit/web/support/msw-environment.ts` (path from the repository root).
 *
 * jsdom has no fetch: Node's fetch, Request, Response, Headers, streams and AbortController come in
 * (AbortController too, because Node's fetch refuses jsdom's AbortSignal). The export conditions
 * drop `browser`, so that `msw/node` resolves to its Node build rather than to nothing.
 */
import JSDOMEnvironment from 'jest-environment-jsdom';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TextDecoder, TextEncoder } from 'node:util';
import { BroadcastChannel, MessagePort } from 'node:worker_threads';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { UnrefMessageChannel } from './unref-message-channel';

export default class MswJsdomEnvironment extends JSDOMEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.customExportConditions = [''];
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      ReadableStream,
      WritableStream,
      TransformStream,
      TextEncoder,
      TextDecoder,
      BroadcastChannel,
      MessageChannel: UnrefMessageChannel,
      MessagePort,
      structuredClone,
    });
  }
}
