/** The dispute desk's shared rules: event schemas, prerequisites, status moves and the deadline engine. */
export * from './events';
export * from './business-days';
export * from './deadlines';
