/**
 * Setup of the unit, integration and e2e projects (jest.config.js `setupFilesAfterEnv`): disables, as a
 * test file starts, the async hooks that the files before it in the same worker enabled. Node's async
 * hooks are process-wide while Jest loads each file's modules afresh: every file that loads the X-Ray
 * SDK (lambdas/lib/tracer.ts, through cls-hooked) would otherwise leave one more hook, with destroy
 * tracking, that every promise of every later file in the worker pays for (and that keeps the file's
 * modules alive).
 */
import asyncHooks from 'node:async_hooks';

/** Where the hooks created through the wrapped `createHook` are kept (on the worker's one module object). */
const CREATED = Symbol.for('suture.unit.asyncHooks');
const hooks = asyncHooks as typeof asyncHooks & { [CREATED]?: asyncHooks.AsyncHook[] };

let created = hooks[CREATED];
if (!created) {
  const list: asyncHooks.AsyncHook[] = [];
  const createHook = hooks.createHook;
  hooks.createHook = (callbacks) => {
    const hook = createHook(callbacks);
    list.push(hook);
    return hook;
  };
  hooks[CREATED] = list;
  created = list;
}
const known = created;

/** Disable every async hook created through `createHook` since this module was first loaded, or since the last call. */
export function disableCreatedHooks(): void {
  for (const hook of known.splice(0)) hook.disable();
}

disableCreatedHooks();
