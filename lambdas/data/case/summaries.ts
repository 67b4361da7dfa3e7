/**
 * What another entity's list shows of its cases (the dispute queue: patient last name, status,
 * owner): one BatchGetItem per 100 ids on the cases table, projected. Soft-deleted cases are left
 * out, as from every list (decision record 0006).
 */
import * as z from 'zod';
import { ddb } from '../../lib/aws';
import { batchGetAll } from '../../lib/dynamo';
import { getEnv } from '../../lib/env';

/** A case as a list row of another entity needs it. */
export interface CaseSummary {
  case_id: string;
  user_id: string;
  patient_last: string;
  case_status: number;
}

const SummarySchema = z.looseObject({
  case_id: z.string().min(1),
  user_id: z.string().min(1),
  patient_last: z.string().default(''),
  case_status: z.number().int(),
  deleted_at: z.string().optional(),
});

/** case id -> its summary, for the live cases among `caseIds` (unknown and deleted ones absent). */
export async function caseSummaries(caseIds: Iterable<string>): Promise<Map<string, CaseSummary>> {
  const unique = [...new Set(caseIds)].filter((id) => id !== '');
  if (unique.length === 0) return new Map();
  const { items } = await batchGetAll(ddb(), {
    table: getEnv().CASES_TABLE,
    schema: SummarySchema,
    keyNames: ['case_id'],
    keys: unique.map((case_id) => ({ case_id })),
    projection: {
      expression: '#c, #u, #l, #s, #d',
      names: { '#c': 'case_id', '#u': 'user_id', '#l': 'patient_last', '#s': 'case_status', '#d': 'deleted_at' },
    },
  });
  return new Map(
    items
      .filter((c) => c.deleted_at === undefined)
      .map((c) => [
        c.case_id,
        { case_id: c.case_id, user_id: c.user_id, patient_last: c.patient_last, case_status: c.case_status },
      ]),
  );
}
