/**
 * The texts of the profile screen's two-step sign-in section (TotpSection.tsx; docs/security.md;
 * the spec has no wording for MFA). A module of its own so that tests and the section share them
 * without loading the section's libraries.
 */
export const MFA_SECTION_MESSAGES = {
  heading: 'Two-step sign-in (authenticator app)',
  intro:
    'Add a second step to signing in: after your password, enter a 6-digit code from an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).',
  loading: 'Loading two-step sign-in settings...',
  loadFailed: 'Failed to load your two-step sign-in settings.',
  isOff: 'Two-step sign-in is off.',
  isOn: 'Two-step sign-in is on: signing in asks for a code from your authenticator app.',
  setupFailed: 'Could not start the setup. Please try again.',
  turnedOn: 'Two-step sign-in is on. Next time you sign in, enter the code from your authenticator app.',
  turnedOff: 'Two-step sign-in is off. Signing in asks only for your password.',
  changeFailed: 'Could not change two-step sign-in. Please try again.',
  confirmOff: 'Turn off two-step sign-in? Signing in will then ask only for your password.',
  qrAlt: 'QR code to add Suture to your authenticator app',
  qrFailed: 'The QR code could not be drawn: enter the setup key below in your app instead.',
  copied: 'Setup key copied.',
} as const;
