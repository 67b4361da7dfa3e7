/**
 * The debug pages as one lazily loaded chunk (issue 8, section 7): App.tsx imports this module only,
 * so that the route table, which the sign-in page loads, names one chunk for all of them (/auth
 * budget, issue 6, section 6).
 */
export { default as DebugGate } from './DebugGate';
export { default as ForgotPasswordTestPage } from './ForgotPasswordTestPage';
export { default as DebugPatchPage } from './DebugPatchPage';
export { default as TestSearchPage } from './TestSearchPage';
