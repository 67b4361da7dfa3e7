/**
 * Auth construct: the Cognito user pool, its groups and the SPA's app client.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { StageSettings } from './stage';

/**
 * Cognito groups and their precedence (lower wins when a user is in several groups).
 * Must match the groups the local runtime creates in cognito-local.
 */
export const USER_POOL_GROUPS = [
  { name: 'admin', precedence: 0, description: 'Back-office staff (user_type 10 and above)' },
  { name: 'surgeon', precedence: 1, description: 'Providers recording their surgical cases' },
  { name: 'staff', precedence: 2, description: 'Practice staff' },
] as const;

export interface AuthProps {
  settings: StageSettings;
}

/**
 * The user pool Suture signs in against.
 *
 * - sign-in with email (verified automatically by a code); no self sign-up: accounts are created by
 *   an administrator (AdminCreateUser), who sends the temporary password;
 * - password policy: at least 8 characters with a lowercase letter, an uppercase letter, a digit and
 *   a symbol; account recovery by email only;
 * - optional MFA with an authenticator app (TOTP; no SMS), which a user turns on from the profile
 *   screen; sign-in then asks for the 6-digit code;
 * - threat protection in enforced mode (feature plan Plus): Cognito blocks
 *   sign-ins with compromised credentials and challenges or blocks risky ones;
 * - groups admin (0), surgeon (1), staff (2);
 * - one public app client for the SPA: USER_PASSWORD_AUTH and refresh tokens, no client secret,
 *   no OAuth (no hosted UI, no callback URLs); token revocation on, so that the SPA's global
 *   sign-out (GlobalSignOut) revokes the refresh tokens.
 *
 * Retained and deletion-protected in prod; destroyed with the stack in other stages.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { settings } = props;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: settings.resourcePrefix,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: 'Your Suture verification code',
        emailBody: 'Your Suture verification code is {####}',
      },
      selfSignUpEnabled: false,
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Optional TOTP MFA (docs/security.md) that a user turns on from the profile screen; no SMS.
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Threat protection (compromised credentials, risky sign-ins) enforced; needs the Plus plan.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: settings.isProd,
      removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    for (const group of USER_POOL_GROUPS) {
      new cognito.UserPoolGroup(this, `Group-${group.name}`, {
        userPool: this.userPool,
        groupName: group.name,
        precedence: group.precedence,
        description: group.description,
      });
    }

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${settings.resourcePrefix}-web`,
      // ALLOW_USER_PASSWORD_AUTH; CDK always adds ALLOW_REFRESH_TOKEN_AUTH.
      authFlows: { userPassword: true },
      generateSecret: false,
      // addClient() otherwise enables OAuth with an example.com callback URL.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
  }
}
