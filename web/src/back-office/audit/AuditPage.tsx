/**
 * Audit trail, /back-office/audit, for user_type 100 or more (Global Admin,
 * Super User); anyone else is sent to /back-office. Filters (user id, case id, the action chosen
 * from the route keys and the purge, shared/api-routes.ts auditActions, from, to; UTC days) applied
 * with a button, the entries newest first in a table, paged with "Load more", and an export of every
 * filtered entry as CSV (at most MAX_EXPORT_ENTRIES, with progress).
 */
import { Alert, Button, Flex, Heading, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { auditActions } from '../../../../shared/api-routes';
import { canManageLists } from '../../../../shared/roles';
import { UI_MESSAGES } from '../../../../shared/messages';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { FullPageMessage } from '../../shell/FullPageMessage';
import { useProfile } from '../../profile/useProfile';
import {
  MAX_EXPORT_ENTRIES,
  NO_AUDIT_FILTERS,
  auditCsv,
  fetchAllAuditEntries,
  saveCsv,
  type AuditFilters,
} from './api';
import { useAuditEntries } from './queries';
import type { AuditEntryView } from '../../../../shared/schemas/audit';

const SMALL_BREAKING = { wordBreak: 'break-all', fontSize: 'small' } as const;

/** One row an entry: who, what, how it ended, which ids, from where. */
const AUDIT_COLUMNS: DataColumn<AuditEntryView>[] = [
  { header: 'When (UTC)', cell: (e) => e.at.replace('T', ' ').replace('Z', ''), style: { whiteSpace: 'nowrap' } },
  { header: 'User', cell: (e) => e.username || e.user_id || 'anonymous' },
  { header: 'Type', cell: (e) => e.user_type ?? '' },
  { header: 'Action', cell: (e) => e.action, style: { whiteSpace: 'nowrap' } },
  { header: 'Outcome', cell: (e) => `${e.outcome} (${e.status})` },
  { header: 'Resource', cell: (e) => e.resource_type },
  // The case an entry is about, by its number (docs/decisions/0022-case-numbers.md); its id is in Ids.
  { header: 'Case', cell: (e) => e.case_number ?? '', style: { whiteSpace: 'nowrap' } },
  { header: 'Ids', cell: (e) => <IdsCell ids={e.resource_ids} />, style: { ...SMALL_BREAKING, minWidth: '18rem' } },
  { header: 'Source IP', cell: (e) => e.source_ip },
  { header: 'Request id', cell: (e) => e.request_id, style: { ...SMALL_BREAKING, minWidth: '10rem' } },
];

/** The Action filter's choices (shared/api-routes.ts). */
const AUDIT_ACTIONS = auditActions();

const FILTER_FIELDS: { key: keyof AuditFilters; label: string; type?: string; placeholder?: string }[] = [
  { key: 'userId', label: 'User id' },
  { key: 'caseId', label: 'Case id' },
  // A choice of AUDIT_ACTIONS (the route keys and the purge): the API matches the action exactly.
  { key: 'action', label: 'Action' },
  { key: 'from', label: 'From (UTC)', type: 'date' },
  { key: 'to', label: 'To (UTC)', type: 'date' },
];

/** Ids shown in a row before the rest fold into "+N more" (a list call touches up to 200). */
export const IDS_SHOWN = 2;

/**
 * The ids an entry touched: up to {@link IDS_SHOWN} (with one more, all three) in the row, the rest
 * in a native disclosure ("+N more", keyboard and screen-reader operable), so that a list call's
 * 50 ids do not make one row a page tall.
 */
function IdsCell({ ids }: { ids: readonly string[] }) {
  if (ids.length <= IDS_SHOWN + 1) return <>{ids.join(', ')}</>;
  return (
    <>
      {ids.slice(0, IDS_SHOWN).join(', ')}
      <details>
        <summary>+{ids.length - IDS_SHOWN} more</summary>
        {ids.slice(IDS_SHOWN).join(', ')}
      </details>
    </>
  );
}

/** The filters, table, paging and export (exported for tests, which render it without the guard). */
export function AuditTrail() {
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [exporting, setExporting] = useState<number | undefined>(undefined);
  const [exportNote, setExportNote] = useState<string>('');
  const query = useAuditEntries(filters);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
  };
  const exportCsv = async () => {
    setExporting(0);
    setExportNote('');
    try {
      const { entries: all, truncated } = await fetchAllAuditEntries(filters, setExporting);
      saveCsv(auditCsv(all), `audit-${new Date().toISOString().slice(0, 10)}.csv`);
      setExportNote(
        truncated
          ? `Exported the ${MAX_EXPORT_ENTRIES.toLocaleString()} newest entries; narrow the filters for the rest.`
          : `Exported ${all.length.toLocaleString()} entries.`,
      );
    } catch (err) {
      setExportNote(`Export failed: ${(err as Error).message}`);
    } finally {
      setExporting(undefined);
    }
  };

  return (
    <Flex direction="column" gap="small">
      <form onSubmit={apply} aria-label="Audit filters">
        <Flex wrap="wrap" gap="small" alignItems="flex-end">
          {FILTER_FIELDS.map((f) =>
            f.key === 'action' ? (
              <SelectField
                key={f.key}
                label={f.label}
                value={draft.action}
                onChange={(e) => setDraft({ ...draft, action: e.target.value })}
                width="14rem"
              >
                <option value="">Any action</option>
                {AUDIT_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {action}
                  </option>
                ))}
              </SelectField>
            ) : (
              <TextField
                key={f.key}
                label={f.label}
                type={f.type ?? 'text'}
                placeholder={f.placeholder}
                value={draft[f.key]}
                onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
                width={f.type === 'date' ? '11rem' : '14rem'}
              />
            ),
          )}
          <Button type="submit" variation="primary">
            Apply filters
          </Button>
          <Button
            type="button"
            onClick={() => {
              setDraft(NO_AUDIT_FILTERS);
              setFilters(NO_AUDIT_FILTERS);
            }}
          >
            Clear
          </Button>
          <Button type="button" onClick={() => void exportCsv()} isDisabled={exporting !== undefined}>
            {exporting !== undefined ? `Exporting… ${exporting}` : 'Export CSV'}
          </Button>
        </Flex>
      </form>
      {exportNote && <Text role="status">{exportNote}</Text>}
      {query.isError && <Alert variation="error">{(query.error as Error).message}</Alert>}
      {query.isPending && <Text>{UI_MESSAGES.loading}</Text>}
      {!query.isPending && !query.isError && entries.length === 0 && <Text>No audit entries match these filters.</Text>}
      {entries.length > 0 && (
        <DataTable
          caption="Audit entries, newest first"
          striped
          columns={AUDIT_COLUMNS}
          rows={entries}
          rowKey={(e) => `${e.at}#${e.request_id}`}
        />
      )}
      {query.hasNextPage && (
        <Button onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </Flex>
  );
}

export default function AuditPage() {
  const profile = useProfile();
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  if (profile.isError || !canManageLists(profile.userType)) return <Navigate to="/back-office" replace />;
  return (
    <Flex direction="column" gap="small" padding="medium" maxWidth="80rem" margin="0 auto" width="100%">
      <Heading level={1}>Audit Trail</Heading>
      <Text>Every request that reads or changes patient data: who, when, what and how it ended.</Text>
      <AuditTrail />
    </Flex>
  );
}
