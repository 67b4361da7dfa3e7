/**
 * Work a Lambda does once per cold start, before its first request (e.g. reading a secret), so that
 * the code of a request can use the result synchronously. Modules register a task when imported;
 * the shared middleware awaits {@link coldStart} before every request (a no-op once done).
 */

const tasks: (() => Promise<void>)[] = [];
let ready: Promise<void> | undefined;

/** Run `task` before the first request of this Lambda (and again only if it failed). */
export function beforeFirstRequest(task: () => Promise<void>): void {
  tasks.push(task);
  ready = undefined;
}

/**
 * Resolves when every registered task has succeeded; rejects with the first failure (the request
 * is then a 500), and the next request tries the tasks again. Tasks must be idempotent.
 */
export function coldStart(): Promise<void> {
  ready ??= Promise.all(tasks.map((task) => task())).then(
    () => undefined,
    (err: unknown) => {
      ready = undefined;
      throw err;
    },
  );
  return ready;
}
