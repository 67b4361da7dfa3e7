/**
 * The status history of a case as a timeline: an ordered list, oldest first,
 * each entry 'from -> to' with the status badges, who ('Automatic (case complete)' / 'Automatic
 * (case incomplete)' for the workflow rule, 'Set by back office' for a manual change, then 'by
 * {name}' when the server named the user), when, and the reason given.
 * Also {@link MissingForSubmission}: what an Incomplete case still needs (shared/workflow.ts).
 */
import { Alert, Flex, Heading, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import {
  COMPLETENESS_REQUIREMENTS,
  INCOMPLETE_STATUS,
  SUBMITTED_STATUS,
  missingForSubmission,
  type StatusHistoryEntry,
} from '../../../shared';
import type { CaseView } from './api';
import { formatTimestamp } from './format';
import { StatusBadge } from './StatusBadge';

/** Who made a status change, in words. */
export function statusChangeBy(entry: Pick<StatusHistoryEntry, 'from' | 'to' | 'why'>): string {
  if (entry.from === null)
    return entry.to === SUBMITTED_STATUS && entry.why === 'auto' ? 'Case created complete' : 'Case created';
  if (entry.why === 'manual') return 'Set by back office';
  if (entry.to === SUBMITTED_STATUS) return 'Automatic (case complete)';
  if (entry.to === INCOMPLETE_STATUS) return 'Automatic (case incomplete)';
  return 'Automatic';
}

export function StatusTimeline({ history }: { history: readonly StatusHistoryEntry[] }) {
  return (
    <section aria-labelledby="status-history-heading">
      <Heading level={2} id="status-history-heading" marginBottom="small">
        Status History
      </Heading>
      {history.length === 0 ? (
        <Text color="font.tertiary">No status changes recorded yet.</Text>
      ) : (
        <ol aria-label="Status history" style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {history.map((h, i) => (
            <li key={`${i}-${h.at}`} style={{ padding: '0.375rem 0' }}>
              <Flex alignItems="center" gap="xs" wrap="wrap">
                {h.from === null ? (
                  <Text as="span">Created as</Text>
                ) : (
                  <>
                    <StatusBadge status={h.from} />
                    <span aria-hidden="true">→</span>
                    <VisuallyHidden>to</VisuallyHidden>
                  </>
                )}
                <StatusBadge status={h.to} />
                <Text as="span" fontSize="small" color="font.secondary">
                  {statusChangeBy(h)}
                  {h.by_name && ` by ${h.by_name}`}
                  {h.at && (
                    <>
                      {', '}
                      <time dateTime={h.at}>{formatTimestamp(h.at)}</time>
                    </>
                  )}
                </Text>
              </Flex>
              {h.reason && (
                <Text fontSize="small" marginTop="xxs">
                  Reason: {h.reason}
                </Text>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The labels of what `c` lacks to be submitted, in the rule's order ([] when complete). */
export function missingLabels(c: CaseView): string[] {
  const missing = new Set<string>(
    missingForSubmission({
      case_date: c.case_date,
      patient_first: c.patient_first,
      patient_last: c.patient_last,
      ins_provider: c.ins_provider,
      surgeon_id: c.surgeon_id,
      facility_id: c.facility_id,
      procedure_codes: c.procedure_codes.map((p) => p.code),
      demo_file: c.demo_file || c.file_keys.demographic_sheet,
      note_file: c.note_file || c.file_keys.op_note,
    }),
  );
  return COMPLETENESS_REQUIREMENTS.filter((r) => missing.has(r.field)).map((r) => r.label);
}

/** For an Incomplete case: 'What is missing to submit' and the list. Nothing otherwise. */
export function MissingForSubmission({ c }: { c: CaseView }) {
  if (c.case_status !== INCOMPLETE_STATUS) return null;
  const labels = missingLabels(c);
  if (labels.length === 0) return null;
  return (
    <Alert variation="info" heading="What is missing to submit">
      <Text fontSize="small">The case is submitted automatically once it has:</Text>
      <ul aria-label="Missing to submit" style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
        {labels.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </Alert>
  );
}
