/**
 * The Amplify sign-in flows of /auth (sign in, new password, password reset), loaded when the user
 * starts using the form rather than with the page (the sign-in route's JS is at
 * most 150 KB gzipped). The session calls (fetchAuthSession, signOut) stay with the app shell.
 */
export { confirmResetPassword, confirmSignIn, resetPassword, signIn } from 'aws-amplify/auth';
