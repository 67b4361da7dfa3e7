/**
 * Node's MessageChannel with ports that never hold the process open, for the jsdom environments
 * (dom-env.ts, msw-environment.ts). React's scheduler takes it (jsdom has no setImmediate) and sets
 * `port1.onmessage`, which refs the port: the Jest worker then could not exit and was killed at the
 * end of every run ("A worker process has failed to exit gracefully").
 */
import { MessageChannel } from 'node:worker_threads';

export class UnrefMessageChannel extends MessageChannel {
  constructor() {
    super();
    for (const port of [this.port1, this.port2]) {
      const handler = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(port), 'onmessage');
      Object.defineProperty(port, 'onmessage', {
        configurable: true,
        get: () => handler?.get?.call(port),
        set: (fn: unknown) => {
          handler?.set?.call(port, fn);
          port.unref();
        },
      });
    }
  }
}
