/** Suture domain shared by the Lambdas and the SPA: pure TypeScript, no Node or AWS imports. */
export * from './statuses';
export * from './roles';
export * from './states';
export * from './constants';
export * from './npi';
export * from './display';
export * from './messages';
export * from './config';
export * from './schemas/profile';
export * from './schemas/case';
export * from './schemas/surgeon';
export * from './schemas/search-responses';
export * from './schemas/reference';
export * from './schemas/document';
export * from './schemas/lists';
export * from './workflow';
