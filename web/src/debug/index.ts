/**
 * The debug pages as one lazily loaded chunk: App.tsx imports this module only,
 * so that the route table, which the sign-in page loads, names one chunk for all of them (/auth
 * budget).
 */
export { default as DebugGate } from './DebugGate';
export { default as ForgotPasswordTestPage } from './ForgotPasswordTestPage';
export { default as DebugPatchPage } from './DebugPatchPage';
export { default as TestSearchPage } from './TestSearchPage';
export { default as EmailViewerPage } from './EmailViewerPage';
