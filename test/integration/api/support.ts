/**
 * Helpers of the API integration tests (one local stack per test file, see test/support/local.ts).
 *
 * - `profileBody()`: the profile create payload as the setup screen's client sends it.
 * - `signedInProvider(local)`: a fresh Cognito account, signed in, with a profile created through
 *   POST /user (user_type absent = 0).
 * - `signedInAdmin(local, userType)`: the same, then user_type set through the user repository
 *   directly (nobody can set their own user_type through the API). The repository runs in this test
 *   process against the stack's emulators (startLocal sets the Lambda environment in process.env).
 * - `ownSurgeonAndFacility(local, user)`: one surgeon and one facility through the API.
 */
import './quiet';
import { withNpiCheckDigit } from '../../../shared/npi';
import type { LocalStackHandle, TestUser } from '../../support/local';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { setUserType } from '../../../lambdas/data/user/repository';
import { ddb } from '../../../lambdas/lib/aws';
import { getEnv } from '../../../lambdas/lib/env';

let npiCounter = 0;

/** A fictitious NPI with a valid check digit, different on every call. */
export function fakeNpi(): string {
  npiCounter += 1;
  return withNpiCheckDigit(String(190000000 + npiCounter * 7919 + Math.floor(Math.random() * 1000)).slice(0, 9));
}

export function profileBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Ada',
    last_name: 'Quill',
    addr1: '12 Harbor ST',
    addr2: '',
    city: 'Portland',
    state: 'ME',
    zipcode: '04101',
    telephone: '(207) 555-0142',
    user_npi: fakeNpi(),
    referred_by_user: '',
    message_pref: '1',
    states_licensed: '["ME","NH"]',
    ...overrides,
  };
}

export async function signedInProvider(
  local: LocalStackHandle,
  profile: Record<string, unknown> = {},
): Promise<TestUser> {
  const user = await local.createSignedInUser();
  const res = await local.api('POST', '/user', { token: user.idToken, body: profileBody(profile) });
  if (res.status !== 201) throw new Error(`profile create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return user;
}

export async function signedInAdmin(local: LocalStackHandle, userType: number): Promise<TestUser> {
  const user = await signedInProvider(local, { first_name: 'Admin' });
  await setUserType(user.sub, userType);
  return user;
}

export interface Refs {
  surgeonId: string;
  facilityId: string;
}

export async function ownSurgeonAndFacility(local: LocalStackHandle, user: TestUser): Promise<Refs> {
  const s = await local.api<{ surgeon: { surgeon_id: string } }>('POST', '/surgeon', {
    token: user.accessToken,
    body: { first_name: 'Meredith', last_name: 'Grey', surgeon_npi: fakeNpi(), surgeon_state: 'WA' },
  });
  const f = await local.api<{ facility: { facility_id: string } }>('POST', '/facility', {
    token: user.accessToken,
    body: { facility_name: 'Harbor Surgery Center LLC', facility_npi: fakeNpi(), facility_state: 'ME' },
  });
  if (s.status !== 201 || f.status !== 201) throw new Error(`surgeon/facility create failed: ${s.status} ${f.status}`);
  return { surgeonId: s.body.surgeon.surgeon_id, facilityId: f.body.facility.facility_id };
}

/** A case create body (spec provider-side section 7). */
export function caseBody(refs: Refs, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    case_date: '2026-02-03',
    surgeon_id: refs.surgeonId,
    facility_id: refs.facilityId,
    patient: { first: 'Pat', last: 'Doe', ins_provider: 'Aetna' },
    procedure_codes: ['27447', '29881'],
    ...overrides,
  };
}

/** The audit entries of `userId` for `action`, newest first (index byUser; at most 200 read). */
export async function auditEntriesOf(userId: string, action: string): Promise<Record<string, unknown>[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: getEnv().AUDIT_TABLE,
      IndexName: 'byUser',
      KeyConditionExpression: 'user_id = :u',
      FilterExpression: '#a = :a',
      ExpressionAttributeNames: { '#a': 'action' },
      ExpressionAttributeValues: { ':u': userId, ':a': action },
      ScanIndexForward: false,
      Limit: 200,
    }),
  );
  return out.Items ?? [];
}
