/**
 * The analytics counters against the local stack (docs/decisions/0028-analytics-counters.md): pay
 * amounts per status in GET /case/stats, and GET /case/analytics's pay amounts by month, payer mix and
 * days in status, each following case writes (create, pay amount, status, delete); the recount gives
 * the same figures from the cases; providers get 403.
 */
import './quiet';
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CaseAnalytics, CaseStatsResponse } from '../../../shared/schemas/lists';
import { analyticsKeys, caseStatsKeys } from '../../../lambdas/data/counters/keys';
import { recountAnalytics } from '../../../lambdas/data/counters/recount-analytics';
import { ddb } from '../../../lambdas/lib/aws';
import { getEnv } from '../../../lambdas/lib/env';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider, type Refs } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

let provider: TestUser;
let caseAdmin: TestUser;
let refs: Refs;
/** A payer no other suite uses, so that its counts are this suite's alone. */
const payer = `Quebec Mutual ${randomUUID().slice(0, 8)}`;

async function newCase(ins: string): Promise<string> {
  const made = await local.api<{ case_id: string }>('POST', '/case', {
    token: provider.accessToken,
    body: caseBody(refs, { patient: { first: 'Pat', last: 'Doe', ins_provider: ins } }),
  });
  if (made.status !== 201) throw new Error(`case create failed: ${made.status}`);
  return made.body.case_id;
}

const analytics = async (user: TestUser = caseAdmin) =>
  local.api<CaseAnalytics>('GET', '/case/analytics', { token: user.accessToken });
const ownStats = async () =>
  (
    await local.api<CaseStatsResponse>('GET', '/case/stats', {
      token: provider.accessToken,
      query: { range: 'all', user_id: provider.sub },
    })
  ).body;

beforeAll(async () => {
  [provider, caseAdmin] = await Promise.all([signedInProvider(local), signedInAdmin(local, 10)]);
  refs = await ownSurgeonAndFacility(local, provider);
});

describe('the analytics counters', () => {
  it('follow creates, pay amounts, status moves and deletes, and the recount gives the same figures', async () => {
    // Prepare: three cases of one payer, one of them paid 1,200.50 and moved to Paid, one deleted
    const [a, b, c] = [await newCase(payer), await newCase(` ${payer.toUpperCase()} `), await newCase(payer)];
    const paid = await local.api('PATCH', '/case', {
      token: caseAdmin.accessToken,
      body: { case_id: a, pay_amount: 1200.5, case_status: 20 },
    });
    const deleted = await local.api('DELETE', '/case', { token: provider.accessToken, query: { case_id: c } });

    // Act
    const res = await analytics();
    const stats = await ownStats();

    // Assess
    expect([paid.status, deleted.status]).toEqual([200, 200]);
    expect(res.status).toBe(200);
    // One payer whatever the case and spaces of its name; the deleted case no longer counted.
    const mix = res.body.payer_mix.find((p) => p.payer.toLowerCase() === payer.toLowerCase());
    expect(mix).toMatchObject({ cases: 2, amount: 1200.5 });
    expect(stats.amount_by_status?.['20']).toBe(1200.5);
    expect(stats.by_status['20']).toBe(1);
    const paidAging = res.body.aging.find((row) => row.status === 20)!;
    expect(paidAging.buckets[0]).toBeGreaterThanOrEqual(1);
    expect(res.body.aging.map((row) => row.status)).not.toContain(90);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(res.body.pay_by_month).toHaveLength(12);
    expect(res.body.pay_by_month.at(-1)!.month).toBe(thisMonth);
    expect(res.body.pay_by_month.at(-1)!.amount).toBeGreaterThanOrEqual(1200.5);
    expect(b).toBeTruthy();

    // Act: wrong counters (as before the counters existed), then the recount
    const table = getEnv().CASE_STATS_TABLE;
    const owner = caseStatsKeys(provider.sub, '2000-01-01', 0).owner;
    await ddb().send(
      new UpdateCommand({
        TableName: table,
        Key: owner,
        UpdateExpression: 'SET pay_20 = :z',
        ExpressionAttributeValues: { ':z': 0 },
      }),
    );
    await ddb().send(
      new UpdateCommand({
        TableName: table,
        Key: analyticsKeys.payer(payer.toLowerCase()),
        UpdateExpression: 'SET n_total = :n',
        ExpressionAttributeValues: { ':n': 7 },
      }),
    );
    const broken = await ownStats();
    await recountAnalytics();
    const again = await analytics();

    // Assess: the recount restores what the writes had counted
    expect(broken.amount_by_status?.['20']).toBe(0);
    expect((await ownStats()).amount_by_status).toEqual(stats.amount_by_status);
    expect(again.body.payer_mix.find((p) => p.payer.toLowerCase() === payer.toLowerCase())).toMatchObject({ cases: 2 });
  });

  it('answers providers 403', async () => {
    // Act
    const res = await analytics(provider);
    // Assess
    expect(res.status).toBe(403);
  });
});
