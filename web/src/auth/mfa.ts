/**
 * The calls of the profile screen's two-step sign-in section, as one small
 * client so that the section can be tested with a fake one. The Amplify implementation below is
 * loaded with the section (TotpSection.tsx), never with /auth.
 *
 * Cognito calls behind each method: GetUser (fetchMFAPreference), AssociateSoftwareToken
 * (setUpTOTP), VerifySoftwareToken (verifyTOTPSetup), SetUserMFAPreference (updateMFAPreference).
 * Every method rejects with the Cognito error (its `name`, e.g. CodeMismatchException).
 */
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';

/** The issuer an authenticator app shows next to the account. */
export const TOTP_ISSUER = 'Suture';

export interface TotpSetup {
  /** The shared secret (base32), which the user may type into the app instead of scanning. */
  secret: string;
  /** The `otpauth://totp/...` URI that the QR code holds. */
  uri: string;
}

export interface MfaClient {
  /** true when the signed-in user has TOTP MFA on (enabled or preferred). */
  isTotpOn(): Promise<boolean>;
  /** Start a setup: a new secret for this user (replaces an unverified one). */
  setUp(accountName: string): Promise<TotpSetup>;
  /** Check a code of the app against the new secret (rejects on a wrong code). */
  verify(code: string): Promise<void>;
  /** Turn TOTP on as the preferred second step, or off. */
  setTotp(on: boolean): Promise<void>;
}

export const amplifyMfaClient: MfaClient = {
  async isTotpOn() {
    const preference = await fetchMFAPreference();
    return preference.preferred === 'TOTP' || (preference.enabled ?? []).includes('TOTP');
  },
  async setUp(accountName) {
    const details = await setUpTOTP();
    return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, accountName).toString() };
  },
  async verify(code) {
    await verifyTOTPSetup({ code });
  },
  async setTotp(on) {
    await updateMFAPreference({ totp: on ? 'PREFERRED' : 'DISABLED' });
  },
};
