/**
 * Case Details (/case/:caseId), spec provider-side sections 2, 3, 4 and 8.
 *
 * Titled with the patient, the case date and the case number under a small "Case Details" (all in
 * the h1), the case id below, smaller (docs/decisions/0022-case-numbers.md); then the ten statuses
 * as a stepper with the date each was reached (./StatusStepper.tsx).
 * Buttons Back to Case List (/dashboard) and Edit Case (/case/{id}/edit); every case field: case
 * number, case id,
 * status badge, case date, patient, insurance, surgeon and facility (names from the user's lists,
 * the id when not found), procedure codes with descriptions, pay amount (dollars), created and
 * updated dates. Error panel 'Failed to load case details: {message}' with Back to Case List and
 * Retry; 'No case ID provided in URL'. Below the fields: what an Incomplete case lacks to be
 * submitted, the document slots (web/src/documents/CaseDocuments.tsx) and the status history timeline.
 *
 * Below the fields, the Dispute panel (web/src/disputes/DisputePanel.tsx, its own lazy chunk): the
 * back office records events there, the provider sees it read-only. After the documents, the notes
 * between the practice and the back office (./notes/CaseNotes.tsx, its own lazy chunk). Last, for
 * user_type 100 or more, "Who accessed this case" (web/src/back-office/audit/CaseAccess.tsx).
 *
 * Back office (user_type 10 or more): the Status field adds the status control
 * (PUT /case; a move backwards asks for a reason), the Pay Amount field is an entry (dollars, 2
 * decimals; PATCH /case), surgeon and facility names come from the case owner's lists, and Back
 * to Case List goes to /back-office/cases. Providers see status and pay amount read-only.
 *
 * The fields are one `<dl>` whose direct children are `<div>` groups of one `<dt>` and one `<dd>`
 * (axe rules definition-list and dlitem).
 */
import { Alert, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { Suspense, lazy, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { UI_MESSAGES, canManageLists, formatDollars, isBackOffice, messageTemplates } from '../../../shared';
import { useProfile } from '../profile/useProfile';
import type { CaseView } from './api';
import { caseShortLabel, facilityLabel, formatCaseDate, formatTimestamp, patientName, surgeonLabel } from './format';
import { useCase, useFacilities, useSurgeons } from './queries';
import { StatusBadge } from './StatusBadge';
import { MissingForSubmission, StatusTimeline } from './StatusTimeline';
import { StatusStepper } from './StatusStepper';
import { PayAmountEditor } from './PayAmountEditor';
import { StatusControl } from './StatusControl';
import { CaseDocuments } from '../documents/CaseDocuments';
import { useCurrentUser } from '../lib/useCurrentUser';
import { RetryButton } from '../components/BusyButton';

const DisputePanel = lazy(() => import('../disputes/DisputePanel'));
// Its own chunk too (react-hook-form and the thread load after the case): the route's 250 KB budget.
const CaseNotes = lazy(() => import('./notes/CaseNotes'));
// The audit trail of this case, for user_type 100 or more only: its own chunk.
const CaseAccess = lazy(() => import('../back-office/audit/CaseAccess'));

/** The title of a case: patient, case date and case number ("Pat Doe · 03/14/2026 · C-000123"), parts absent skipped. */
export function caseTitle(c: Pick<CaseView, 'patient_first' | 'patient_last' | 'case_date' | 'case_number'>): string {
  return [patientName(c.patient_first, c.patient_last), formatCaseDate(c.case_date), c.case_number]
    .filter(Boolean)
    .join(' · ');
}

/** One dt/dd pair in a plain div (the only wrapper a dl allows); `wide` spans both grid columns. */
function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'suture-field-wide' : undefined}>
      <dt style={{ fontSize: '0.875rem', color: 'var(--amplify-colors-font-tertiary)', fontWeight: 600 }}>{label}</dt>
      <dd style={{ margin: '0.25rem 0 0', wordBreak: 'break-word' }}>{children}</dd>
    </div>
  );
}

function CaseFields({ c, userId, backOffice }: { c: CaseView; userId: string | undefined; backOffice: boolean }) {
  // The case owner's lists: the provider's own; for the back office, the owner's (GET /surgeon and
  // /facility accept another user_id only from user_type 10 or more).
  const ownerId = c.user_id || userId;
  const surgeons = useSurgeons(ownerId);
  const facilities = useFacilities(ownerId);
  const surgeon = surgeons.data?.find((s) => s.surgeon_id === c.surgeon_id || s.id === c.surgeon_id);
  const facility = facilities.data?.find((f) => f.facility_id === c.facility_id || f.id === c.facility_id);
  const loadingNames = surgeons.isPending || facilities.isPending;
  const nameOr = (name: string | undefined, id: string) => name ?? (loadingNames ? UI_MESSAGES.loading : id || 'N/A');

  return (
    <Card variation="outlined">
      <dl className="suture-case-fields">
        <Field label="Case Number">{c.case_number || 'N/A'}</Field>
        <Field label="Case ID">
          <Text as="span" fontFamily="monospace" fontSize="small">
            {c.case_id}
          </Text>
        </Field>
        <Field label="Status">
          <Flex direction="column" gap="xs" alignItems="flex-start">
            <StatusBadge status={c.case_status} />
            {backOffice && <StatusControl caseId={c.case_id} status={c.case_status} caseLabel={caseShortLabel(c)} />}
          </Flex>
        </Field>
        <Field label="Case Date">{formatCaseDate(c.case_date) || 'N/A'}</Field>
        <Field label="Patient">{patientName(c.patient_first, c.patient_last) || 'N/A'}</Field>
        <Field label="Date of Birth">{formatCaseDate(c.patient_dob) || 'N/A'}</Field>
        <Field label="Insurance">{c.ins_provider.trim() || 'N/A'}</Field>
        <Field label="Member ID">{c.member_id.trim() || 'N/A'}</Field>
        <Field label="Claim Number">{c.claim_number.trim() || 'N/A'}</Field>
        <Field label="Pay Amount">
          {backOffice ? (
            <PayAmountEditor key={c.case_id} caseId={c.case_id} payAmount={c.pay_amount} />
          ) : (
            formatDollars(c.pay_amount)
          )}
        </Field>
        <Field label="Surgeon">{nameOr(surgeon && surgeonLabel(surgeon), c.surgeon_id)}</Field>
        <Field label="Facility">{nameOr(facility && facilityLabel(facility), c.facility_id)}</Field>
        <Field label="Procedure Codes" wide>
          {c.procedure_codes.length === 0 ? (
            'N/A'
          ) : (
            <ul aria-label="Procedure codes" style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {c.procedure_codes.map((p, i) => (
                <li key={`${i}-${p.code}`}>
                  <Text as="span" fontWeight="bold">
                    {p.code}
                  </Text>
                  {p.desc ? ` - ${p.desc}` : ''}
                </li>
              ))}
            </ul>
          )}
        </Field>
        <Field label="Created">{formatTimestamp(c.created)}</Field>
        <Field label="Last Updated">{formatTimestamp(c.updated)}</Field>
      </dl>
    </Card>
  );
}

export default function CaseDetailsPage() {
  const { caseId } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const profile = useProfile();
  const backOffice = isBackOffice(profile.userType);
  const listPath = backOffice ? '/back-office/cases' : '/dashboard';
  const query = useCase(caseId);
  const back = (
    <Button onClick={() => navigate(listPath)} variation="link">
      Back to Case List
    </Button>
  );

  let content;
  if (!caseId) {
    content = (
      <Alert variation="error" role="alert">
        {UI_MESSAGES.noCaseId}
      </Alert>
    );
  } else if (query.isError) {
    content = (
      <Alert variation="error" role="alert" heading={messageTemplates.caseLoadFailed(query.error.message)}>
        <Flex gap="small" marginTop="small">
          <Button onClick={() => navigate(listPath)}>Back to Case List</Button>
          <RetryButton query={query} />
        </Flex>
      </Alert>
    );
  } else if (!query.data) {
    content = (
      <Flex alignItems="center" gap="small" padding="large" role="status">
        <Loader size="large" />
        <Text>{UI_MESSAGES.loading}</Text>
      </Flex>
    );
  } else {
    content = (
      <>
        <MissingForSubmission c={query.data} />
        <Card variation="outlined">
          <StatusStepper status={query.data.case_status} history={query.data.status_history} />
        </Card>
        <CaseFields c={query.data} userId={user?.sub} backOffice={backOffice} />
        <Suspense fallback={<Text role="status">{UI_MESSAGES.loading}</Text>}>
          <DisputePanel caseId={query.data.case_id} editable={backOffice} />
        </Suspense>
        <CaseDocuments c={query.data} />
        <Suspense fallback={<Text role="status">{UI_MESSAGES.loading}</Text>}>
          <CaseNotes caseId={query.data.case_id} />
        </Suspense>
        <Card variation="outlined">
          <StatusTimeline history={query.data.status_history} />
        </Card>
        {canManageLists(profile.userType) && (
          <Suspense fallback={<Text role="status">{UI_MESSAGES.loading}</Text>}>
            <CaseAccess caseId={query.data.case_id} />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        {!query.isError && back}
        {query.data && (
          <Button variation="primary" onClick={() => navigate(`/case/${encodeURIComponent(query.data.case_id)}/edit`)}>
            Edit Case
          </Button>
        )}
      </Flex>
      <Flex direction="column" gap="xxs">
        <Heading level={1}>
          {/* The page's name stays first for screen readers; the title a person looks for is the case. */}
          <Text as="span" display="block" fontSize="small" fontWeight="normal" color="font.tertiary">
            Case Details
          </Text>
          {query.data && caseTitle(query.data)}
        </Heading>
        {query.data && (
          <Text fontSize="small" color="font.tertiary" style={{ wordBreak: 'break-all' }}>
            Case ID <span style={{ fontFamily: 'monospace' }}>{query.data.case_id}</span>
          </Text>
        )}
      </Flex>
      {content}
    </Flex>
  );
}
