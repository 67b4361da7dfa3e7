/**
 * The table catalogue: every DynamoDB table, for the CDK data construct (`infra/data.ts`) and the
 * local runtime (`local/`), which create the same tables. Each table's keys, indexes and key
 * builders are declared once, with the entity that owns them, in `lambdas/data/<entity>/keys.ts`
 * (docs/decisions/0010-data-layer.md). Pure data, no AWS imports.
 */
import { AUDIT_TABLE } from '../data/audit/keys';
import { CASES_TABLE } from '../data/case/keys';
import { CASE_STATS_TABLE } from '../data/counters/keys';
import { CPT_CODES_TABLE, CPT_SEARCH_TABLE } from '../data/cpt_codes/keys';
import { DISPUTES_TABLE } from '../data/dispute/keys';
import { CASE_NOTES_TABLE } from '../data/notes/keys';
import { LISTS_TABLE } from '../data/lists/keys';
import { FACILITIES_TABLE, SURGEONS_TABLE } from '../data/owned/keys';
import { REMINDERS_TABLE } from '../data/reminders/keys';
import { REPORTS_TABLE } from '../data/reports/keys';
import { SUPPORT_TABLE } from '../data/support/keys';
import { USERS_TABLE } from '../data/user/keys';

export type AttributeType = 'S' | 'N';

export interface KeyDef {
  name: string;
  type: AttributeType;
}

export interface IndexDef {
  indexName: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
}

export interface TableDef {
  /** Logical id; the physical name is `${stackPrefix}-${id}` on AWS and locally. */
  id: string;
  /** Name of the Lambda environment variable that carries the physical table name. */
  envVar: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  globalSecondaryIndexes: IndexDef[];
  /** Attribute holding the expiry time (epoch seconds) when the table expires items by TTL. */
  timeToLiveAttribute?: string;
}

export const TABLES = [
  CASES_TABLE,
  CASE_STATS_TABLE,
  USERS_TABLE,
  SURGEONS_TABLE,
  FACILITIES_TABLE,
  CPT_CODES_TABLE,
  CPT_SEARCH_TABLE,
  LISTS_TABLE,
  REPORTS_TABLE,
  AUDIT_TABLE,
  DISPUTES_TABLE,
  CASE_NOTES_TABLE,
  SUPPORT_TABLE,
  REMINDERS_TABLE,
] as const satisfies readonly TableDef[];

/** Physical table name for a stage prefix, e.g. `suture-dev-cases`. */
export function physicalTableName(prefix: string, table: TableDef): string {
  return `${prefix}-${table.id}`;
}
