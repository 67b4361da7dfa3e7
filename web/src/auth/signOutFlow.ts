/**
 * Amplify's sign-out, loaded when a user signs out rather than with the app shell (issue 6,
 * section 6: the sign-in route's JS is at most 150 KB gzipped).
 */
export { signOut } from 'aws-amplify/auth';
