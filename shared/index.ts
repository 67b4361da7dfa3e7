/**
 * Suture domain shared by the Lambdas and the SPA: pure TypeScript, no Node or AWS imports.
 *
 * Every module of shared/ is free of side effects (`shared/package.json`: `"sideEffects": false`):
 * importing one only defines values (zod schemas, constants, functions), so bundlers may drop the
 * modules of this barrel that an entry does not use (Lambda bundle size). Keep it
 * so: nothing in shared/ registers, patches or configures anything when imported.
 */
export * from './statuses';
export * from './roles';
export * from './states';
export * from './constants';
export * from './cpt-messages';
export * from './npi';
export * from './display';
export * from './case-number';
export * from './case-duplicates';
export * from './messages';
export * from './config';
export * from './schemas/profile';
export * from './schemas/case';
export * from './schemas/surgeon';
export * from './schemas/search-responses';
export * from './schemas/reference';
export * from './schemas/document';
export * from './schemas/lists';
export * from './schemas/health';
export * from './workflow';
export * from './schemas/contact';
export * from './schemas/users';
export * from './schemas/reference-lists';
export * from './schemas/report';
export * from './schemas/audit';
export * from './schemas/deleted-cases';
