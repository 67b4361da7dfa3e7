/**
 * Add/Edit Case (/case/new and /case/:caseId/edit): one form, spec provider-side sections 2, 5, 7, 8, 9.
 *
 * Fields: case date, patient first and last name, date of birth, member ID and claim number (all
 * three optional), insurance provider (free text, suggestions from
 * 2 characters), primary surgeon and facility (the user's own lists), procedure code rows (CPT
 * suggestions from 1 character, 5 shown, debounced 200 ms; at least one row; at most 25). The
 * suggestion lists close with focus, not after the spec's delays (decision 0015-spa-patterns). A
 * code that the CPT list does not hold is flagged under its row and saved only when the user ticks
 * 'Keep code N anyway' (cptCheck.ts). Providers see no message about the state of the CPT list
 * itself (the list-management screen has it). Validated with shared `CaseFormSchema`. After a save the page shows the success banner,
 * uploads the chosen documents (web/src/documents/CaseFormUploads.tsx, each with progress) and goes
 * to /case/{caseId} 1.5 s after the last one; when an upload fails the case stays saved, the failure
 * is shown and the page offers the case. Before a save, another case of the same patient on the
 * same date (the owner's cases of that date, {@link sameDayCases}) shows a warning with Save anyway.
 *
 * Double submit: the Save button is disabled while saving, a second submit in flight is ignored, and a new case's id is generated once per form session (`{sub}_{Date.now()}`),
 * so a retried POST answers 409 instead of creating a second case; that 409 (the case this form
 * already created) and any later save of the same form update the case instead.
 */
import { Alert, Button, Card, Flex, Grid, Heading, Loader, Text, View } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useDebounce } from 'use-debounce';
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldError } from 'react-hook-form';
import { Link, useNavigate, useParams, type LinkProps } from 'react-router-dom';
import {
  CPT_SUGGESTIONS_SHOWN,
  CPT_UNKNOWN_MESSAGES,
  CPT_SUGGEST_MIN_CHARS,
  CaseFormSchema,
  INSURANCE_SUGGEST_MIN_CHARS,
  MAX_PROCEDURE_CODES,
  TIMING_MS,
  UI_MESSAGES,
  isSamePatient,
  messageTemplates,
  type CaseFormInput,
  type CaseFormOutput,
  type Facility,
  type Surgeon,
} from '../../../shared';
import { CASE_MESSAGES } from '../../../shared/schemas/case';
import { listCasesPage, updateCase, type CaseView } from './api';
import { useCaseDraftLink, useRestoredCaseDraft } from './caseDraft';
import { caseCreator } from './createOnce';
import { cptExactQuery, isCheckableCode, normalizeCode, unconfirmedUnknownCodes } from './cptCheck';
import { useCaseFormUploads } from '../documents/CaseFormUploads';
import { facilityLabel, surgeonLabel } from './format';
import { caseKeys } from '../lib/queryKeys';
import { useCase, useCptSuggestions, useFacilities, useInsuranceNames, useSurgeons } from './queries';
import { Combobox, type ComboboxOption } from '../components/Combobox';
import { useCurrentUser } from '../lib/useCurrentUser';
import { apiErrorMessage } from '../lib/apiErrors';
import { FormField } from '../components/FormField';
import { FormSelect } from '../components/FormSelect';
import { BusyButton } from '../components/BusyButton';

const CptUnknownWarning = lazy(() => import('./CptUnknownWarning'));
// The Documents section (drop zones) loads after the fields: /case/new's 250 KB budget.
const CaseFormUploadsCard = lazy(() => import('../documents/CaseFormUploadsCard'));

/** Pages of one owner's cases of one date the duplicate check reads at most. */
const SAME_DAY_PAGES = 4;

/**
 * The numbers (or ids) of `ownerId`'s other cases dated `values.case_date` whose patient is the
 * form's (shared `isSamePatient`): GET /case?user_id=&from=&to= (one day of one owner, so a bounded
 * read, and no patient data in the URL). A failed read warns of nothing: the save goes on.
 */
async function sameDayCases(ownerId: string | undefined, values: CaseFormOutput, caseId?: string): Promise<string[]> {
  if (!ownerId) return [];
  const form = {
    patient_first: values.patient_first,
    patient_last: values.patient_last,
    patient_dob: values.patient_dob,
  };
  const found: string[] = [];
  try {
    let cursor: string | undefined;
    for (let i = 0; i < SAME_DAY_PAGES; i++) {
      const page = await listCasesPage(ownerId, { from: values.case_date, to: values.case_date }, cursor);
      for (const c of page.cases) {
        if (c.case_id !== caseId && isSamePatient(c, form)) found.push(c.case_number || c.case_id);
      }
      cursor = page.next_cursor;
      if (!cursor) break;
    }
  } catch {
    return [];
  }
  return found;
}

/** Debounce of the CPT search while typing, in ms. */
const CPT_DEBOUNCE_MS = 200;

const EMPTY_FORM: CaseFormInput = {
  case_date: '',
  patient_first: '',
  patient_last: '',
  insurance_provider: '',
  primary_surgeon: '',
  facility: '',
  patient_dob: '',
  member_id: '',
  claim_number: '',
  procedure_codes: [{ code: '' }],
};

function toFormValues(c: CaseView): CaseFormInput {
  return {
    case_date: c.case_date,
    patient_first: c.patient_first,
    patient_last: c.patient_last,
    insurance_provider: c.ins_provider,
    primary_surgeon: c.surgeon_id,
    facility: c.facility_id,
    patient_dob: c.patient_dob,
    member_id: c.member_id,
    claim_number: c.claim_number,
    procedure_codes: c.procedure_codes.length ? c.procedure_codes.map((p) => ({ code: p.code })) : [{ code: '' }],
  };
}

/**
 * One procedure code input with CPT suggestions ("47562 - Laparoscopic cholecystectomy"); codes
 * already entered in other rows are not suggested again. A well-formed code that the CPT list does
 * not hold (looked up 200 ms after typing stops) gets a warning and a 'Keep code N anyway' box.
 */
function CptCodeField({
  control,
  index,
  errorMessage,
  usedElsewhere,
  confirmedCodes,
  onConfirm,
}: {
  control: Control<CaseFormInput, unknown, CaseFormOutput>;
  index: number;
  errorMessage?: string;
  usedElsewhere: ReadonlySet<string>;
  confirmedCodes: ReadonlySet<string>;
  onConfirm: (code: string, keep: boolean) => void;
}) {
  /** Suggestions are searched while the user types in this row, not for a code loaded with the case. */
  const [typing, setTyping] = useState(false);
  const value = useWatch({ control, name: `procedure_codes.${index}.code` }) ?? '';
  const code = normalizeCode(value);
  const [checkedCode] = useDebounce(code, CPT_DEBOUNCE_MS);
  const exact = useQuery({ ...cptExactQuery(checkedCode), enabled: isCheckableCode(checkedCode) });
  const unknown = !errorMessage && checkedCode === code && isCheckableCode(code) && exact.data === false;
  const [term] = useDebounce(value.trim(), CPT_DEBOUNCE_MS);
  // Ask for as many more as other rows may filter out, so that 5 are shown whenever 5 match.
  const search = useCptSuggestions(term, typing, CPT_SUGGEST_MIN_CHARS, CPT_SUGGESTIONS_SHOWN + usedElsewhere.size);
  const options: ComboboxOption[] = (search.data ?? [])
    .filter((c) => !usedElsewhere.has(c.cpt_code))
    .slice(0, CPT_SUGGESTIONS_SHOWN)
    .map((c) => ({
      value: c.cpt_code,
      label: c.cpt_description ? `${c.cpt_code} - ${c.cpt_description}` : c.cpt_code,
    }));
  const field = (
    <Controller
      control={control}
      name={`procedure_codes.${index}.code`}
      render={({ field }) => (
        <Combobox
          label={`Procedure code ${index + 1}`}
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={(next) => {
            field.onChange(next);
            setTyping(true);
          }}
          onPick={(o) => {
            field.onChange(o.value);
            setTyping(false);
          }}
          onBlur={() => {
            field.onBlur();
            setTyping(false);
          }}
          options={options}
          loading={search.isFetching}
          minChars={CPT_SUGGEST_MIN_CHARS}
          placeholder="Type a CPT code or description"
          enterSubmits
          errorMessage={errorMessage}
        />
      )}
    />
  );
  // One tree whether or not the warning shows, so that the input keeps the focus when it appears.
  return (
    <Flex direction="column" gap="xs">
      {field}
      {unknown && (
        <Suspense fallback={null}>
          <CptUnknownWarning
            index={index}
            code={code}
            kept={confirmedCodes.has(code)}
            onKeep={(keep) => onConfirm(code, keep)}
          />
        </Suspense>
      )}
    </Flex>
  );
}

/**
 * A select over the user's surgeons or facilities (spec provider-side section 2: "chosen from the
 * user's surgeons/facilities"). While loading it says 'Loading...'; a stored id that is not in the
 * loaded list (e.g. a deleted surgeon) stays selectable as its raw id; an empty list shows the
 * spec's hint (`emptyMessage`) and `addLink`, a link to the screen that adds one.
 */
function ReferencePicker({
  control,
  name,
  label,
  placeholder,
  loading,
  options,
  emptyMessage,
  addLink,
  errorMessage,
}: {
  control: Control<CaseFormInput, unknown, CaseFormOutput>;
  name: 'primary_surgeon' | 'facility';
  label: string;
  placeholder: string;
  loading: boolean;
  options: { value: string; label: string }[];
  emptyMessage?: string;
  /** Shown with `emptyMessage`: the add screen, which returns here with the draft (./caseDraft.ts). */
  addLink?: LinkProps & { label: string };
  errorMessage?: string;
}) {
  return (
    <View>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormSelect
            label={label}
            placeholder={loading ? 'Loading...' : placeholder}
            isRequired
            {...field}
            error={errorMessage}
            // The empty-list hint is the field's description, so screen readers announce it with it.
            hint={
              emptyMessage ? (
                <Text as="span" fontSize="small" color="font.warning">
                  {emptyMessage}
                </Text>
              ) : undefined
            }
          >
            {field.value && !loading && !options.some((o) => o.value === field.value) && (
              <option value={field.value}>{field.value}</option>
            )}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </FormSelect>
        )}
      />
      {emptyMessage && addLink && (
        <Link
          {...addLink}
          style={{ display: 'inline-block', padding: '0.5rem 0', minHeight: 44, boxSizing: 'border-box' }}
        >
          {addLink.label}
        </Link>
      )}
    </View>
  );
}

interface CaseFormProps {
  caseId?: string;
  userId: string | undefined;
  /** The case's owner (the user for a new case): whose cases of the date the duplicate check reads. */
  ownerId: string | undefined;
  initial: CaseFormInput;
  /** Files chosen before a detour to add a surgeon or facility (./caseDraft.ts). */
  initialFiles?: unknown;
  /** The loaded case's version (edit only), sent back for optimistic locking. */
  version?: number;
  /** undefined while loading or after a failed load. */
  surgeons: Surgeon[] | undefined;
  facilities: Facility[] | undefined;
  /** The surgeon list failed to load (a failed facility load is an empty list, spec section 7). */
  listsError: boolean;
  /** Which document slots the loaded case already fills (edit only). */
  existingDocuments?: { demographic_sheet: boolean; op_note: boolean };
}

function CaseForm({
  caseId,
  userId,
  ownerId,
  initial,
  initialFiles,
  version,
  surgeons,
  facilities,
  listsError,
  existingDocuments,
}: CaseFormProps) {
  const isEdit = caseId !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The payer list of List Management (the spec's 20 names until it answers): never blocks the form.
  const insuranceNames = useInsuranceNames();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const {
    control,
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<CaseFormInput, unknown, CaseFormOutput>({
    resolver: zodResolver(CaseFormSchema),
    defaultValues: initial,
  });
  const rows = useFieldArray({ control, name: 'procedure_codes' });
  // A removed row takes its Remove button (and keyboard focus) with it: focus goes to the code of
  // the row now in its place, or of the new last row, once the rows have rendered.
  const focusRowAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    if (focusRowAfterRemove.current === null) return;
    document
      .querySelector<HTMLInputElement>(`input[name="procedure_codes.${focusRowAfterRemove.current}.code"]`)
      ?.focus();
    focusRowAfterRemove.current = null;
  }, [rows.fields]);
  const codes = useWatch({ control, name: 'procedure_codes' }) ?? [];

  const uploads = useCaseFormUploads(initialFiles);
  const draftLink = useCaseDraftLink(userId, getValues, () => uploads.pending);
  // One creator per form session (the form is keyed by case id and remounts for another case).
  const [createOnce] = useState(() => caseCreator(userId));
  /** Set from the submit until the save settles: a second submit in flight is ignored. */
  const inFlight = useRef(false);
  const [uploadFailed, setUploadFailed] = useState<string | null>(null);
  const goToCase = (id: string) => navigate(`/case/${encodeURIComponent(id)}`);

  /** The cases of the same patient on the same date that stopped the last save, and its values. */
  const [duplicates, setDuplicates] = useState<{ numbers: string[]; values: CaseFormOutput } | null>(null);
  /** Codes not in the CPT list that the user chose to keep. */
  const [confirmedCodes, setConfirmedCodes] = useState<ReadonlySet<string>>(() => new Set());
  /** Codes that stopped the last save attempt (not in the list, not confirmed). */
  const [blockedCodes, setBlockedCodes] = useState<string[]>([]);
  const [checkingCodes, setCheckingCodes] = useState(false);
  const confirmCode = (code: string, keep: boolean) => {
    setConfirmedCodes((prev) => {
      const next = new Set(prev);
      if (keep) next.add(code);
      else next.delete(code);
      return next;
    });
    if (keep) setBlockedCodes((prev) => prev.filter((c) => c !== code));
  };

  const save = useMutation({
    mutationFn: (values: CaseFormOutput) => (isEdit ? updateCase(caseId, userId, values, version) : createOnce(values)),
    onSuccess: async (savedId) => {
      // Cached lists are dropped (not only marked stale) so that the list never shows the old row.
      queryClient.removeQueries({ queryKey: caseKeys.lists });
      await queryClient.invalidateQueries({ queryKey: caseKeys.one(savedId) });
      void uploads.uploadAll(savedId).then((failures) => {
        if (failures.length > 0) setUploadFailed(savedId);
        else redirectTimer.current = setTimeout(() => goToCase(savedId), TIMING_MS.caseSaveRedirect);
      });
    },
  });

  /* Row errors: the schema reports codes by their place among the non-empty rows. */
  const nonEmptyRows = codes.map((r, i) => ((r?.code ?? '').trim() ? i : -1)).filter((i) => i >= 0);
  const rowErrors = new Map<number, string>();
  const codeErrors = errors.procedure_codes as
    (Record<number, FieldError | undefined> & { message?: string; root?: FieldError }) | undefined;
  nonEmptyRows.forEach((row, i) => {
    const message = codeErrors?.[i]?.message;
    if (message) rowErrors.set(row, message);
  });
  const codesMessage = codeErrors?.message ?? codeErrors?.root?.message;
  const atMax = rows.fields.length >= MAX_PROCEDURE_CODES;

  const saved = save.isSuccess;

  /** Look the codes up (cached) and save only when every code is in the list or confirmed. */
  const submitValues = async (values: CaseFormOutput) => {
    if (inFlight.current || checkingCodes || save.isPending || save.isSuccess) return;
    inFlight.current = true;
    setCheckingCodes(true);
    const known = new Map<string, boolean | undefined>();
    try {
      await Promise.all(
        values.procedure_codes.filter(isCheckableCode).map(async (c) => {
          const code = normalizeCode(c);
          known.set(code, await queryClient.fetchQuery(cptExactQuery(code)).catch(() => undefined));
        }),
      );
    } finally {
      setCheckingCodes(false);
    }
    const blocking = unconfirmedUnknownCodes(values.procedure_codes, (c) => known.get(c), confirmedCodes);
    setBlockedCodes(blocking);
    if (blocking.length > 0) {
      inFlight.current = false;
      return;
    }
    // Another case of the same patient on the same date: warn and let the user choose.
    const others = await sameDayCases(ownerId, values, caseId);
    if (others.length > 0) {
      setDuplicates({ numbers: others, values });
      inFlight.current = false;
      return;
    }
    saveValues(values);
  };

  const saveValues = (values: CaseFormOutput) => {
    inFlight.current = true;
    setDuplicates(null);
    save.mutate(values, {
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(submitValues)(e)}
      aria-label={isEdit ? 'Edit case' : 'Add new case'}
    >
      <Flex direction="column" gap="medium">
        {listsError && (
          <Alert variation="error" role="alert">
            {UI_MESSAGES.surgeonsLoadFailed}
          </Alert>
        )}
        <Card variation="outlined">
          <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium">
            <FormField
              type="date"
              label="Case date"
              isRequired
              {...register('case_date')}
              error={errors.case_date?.message}
            />
            <Controller
              control={control}
              name="insurance_provider"
              render={({ field }) => (
                <Combobox
                  label="Insurance provider"
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onPick={(o) => field.onChange(o.value)}
                  onBlur={field.onBlur}
                  options={insuranceNames
                    .filter((s) => s.toLowerCase().includes(field.value.trim().toLowerCase()))
                    .map((s) => ({ value: s, label: s }))}
                  minChars={INSURANCE_SUGGEST_MIN_CHARS}
                  enterSubmits
                  isRequired
                  errorMessage={errors.insurance_provider?.message}
                />
              )}
            />
            <FormField
              label="Patient first name"
              isRequired
              autoComplete="off"
              {...register('patient_first')}
              error={errors.patient_first?.message}
            />
            <FormField
              label="Patient last name"
              isRequired
              autoComplete="off"
              {...register('patient_last')}
              error={errors.patient_last?.message}
            />
            <FormField
              type="date"
              label="Patient date of birth"
              autoComplete="off"
              {...register('patient_dob')}
              error={errors.patient_dob?.message}
            />
            <FormField
              label="Member ID"
              autoComplete="off"
              {...register('member_id')}
              error={errors.member_id?.message}
            />
            <FormField
              label="Claim number"
              autoComplete="off"
              {...register('claim_number')}
              error={errors.claim_number?.message}
            />
            <ReferencePicker
              control={control}
              name="primary_surgeon"
              label="Primary surgeon"
              placeholder="Select a surgeon"
              loading={surgeons === undefined && !listsError}
              options={(surgeons ?? []).map((s) => ({ value: s.surgeon_id, label: surgeonLabel(s) }))}
              emptyMessage={surgeons?.length === 0 ? UI_MESSAGES.noSurgeons : undefined}
              addLink={{ ...draftLink('/surgeon/new'), label: 'Add a surgeon' }}
              errorMessage={errors.primary_surgeon?.message}
            />
            <ReferencePicker
              control={control}
              name="facility"
              label="Facility"
              placeholder="Select a facility"
              loading={facilities === undefined}
              options={(facilities ?? []).map((f) => ({ value: f.facility_id, label: facilityLabel(f) }))}
              emptyMessage={facilities?.length === 0 ? UI_MESSAGES.noFacilities : undefined}
              addLink={{ ...draftLink('/facility/new'), label: 'Add a facility' }}
              errorMessage={errors.facility?.message}
            />
          </Grid>
        </Card>

        <Card variation="outlined">
          <fieldset style={{ border: 'none', margin: 0, padding: 0, minWidth: 0 }}>
            <legend>
              <Heading level={2}>Procedure Codes</Heading>
            </legend>
            <Flex direction="column" gap="small" marginTop="small">
              {rows.fields.map((row, index) => (
                <Flex key={row.id} alignItems="flex-start" gap="small">
                  <View flex="1">
                    <CptCodeField
                      control={control}
                      index={index}
                      errorMessage={rowErrors.get(index)}
                      usedElsewhere={
                        new Set(
                          codes.flatMap((r, i) =>
                            i !== index && r?.code?.trim() ? [r.code.trim().toUpperCase()] : [],
                          ),
                        )
                      }
                      confirmedCodes={confirmedCodes}
                      onConfirm={confirmCode}
                    />
                  </View>
                  <Button
                    marginTop="1.75rem"
                    aria-label={`Remove code row ${index + 1}`}
                    isDisabled={rows.fields.length <= 1}
                    onClick={() => {
                      focusRowAfterRemove.current = Math.min(index, rows.fields.length - 2);
                      rows.remove(index);
                    }}
                  >
                    Remove
                  </Button>
                </Flex>
              ))}
              {codesMessage && (
                <Text role="alert" color="font.error" fontSize="small">
                  {codesMessage}
                </Text>
              )}
              {blockedCodes.length > 0 && (
                <Text role="alert" color="font.error" fontSize="small" data-testid="cpt-unknown-blocked">
                  {CPT_UNKNOWN_MESSAGES.confirmBeforeSaving} ({blockedCodes.join(', ')})
                </Text>
              )}
              <Flex alignItems="center" gap="small" wrap="wrap">
                <Button onClick={() => rows.append({ code: '' })} isDisabled={atMax}>
                  Add procedure code
                </Button>
                {atMax && (
                  <Text fontSize="small" color="font.warning">
                    {CASE_MESSAGES.maxCodes}
                  </Text>
                )}
              </Flex>
            </Flex>
          </fieldset>
        </Card>

        <Suspense fallback={<Text role="status">{UI_MESSAGES.loading}</Text>}>
          <CaseFormUploadsCard state={uploads} disabled={save.isPending || saved} existing={existingDocuments} />
        </Suspense>

        {duplicates && (
          <Alert variation="warning" role="alert" heading="Possible duplicate">
            <Text>{CASE_MESSAGES.duplicateWarning(duplicates.numbers.join(', '))}</Text>
            <Flex gap="small" marginTop="small" wrap="wrap">
              <Button variation="primary" onClick={() => saveValues(duplicates.values)}>
                Save anyway
              </Button>
              <Button onClick={() => setDuplicates(null)}>Go back to the form</Button>
            </Flex>
          </Alert>
        )}
        {save.isError && (
          <Alert variation="error" role="alert">
            {apiErrorMessage('caseSave', save.error)}
          </Alert>
        )}
        {saved && (
          <Alert variation="success" role="status">
            {isEdit ? UI_MESSAGES.caseUpdated : UI_MESSAGES.caseCreated}
          </Alert>
        )}
        <Flex gap="small" wrap="wrap">
          <BusyButton
            type="submit"
            variation="primary"
            // Busy, not disabled, until the redirect: a disabled button would drop the focus to the page.
            busy={save.isPending || checkingCodes || uploads.uploading || (saved && !uploadFailed)}
            busyText={uploads.uploading ? 'Uploading...' : saved ? 'Opening the case...' : 'Saving...'}
            isDisabled={saved && uploadFailed !== null}
          >
            {isEdit ? 'Update Case' : 'Save Case'}
          </BusyButton>
          {uploadFailed && (
            <Button variation="primary" onClick={() => goToCase(uploadFailed)}>
              Go to Case
            </Button>
          )}
          <Button
            onClick={() => navigate(isEdit ? `/case/${encodeURIComponent(caseId)}` : '/dashboard')}
            isDisabled={save.isPending || uploads.uploading}
          >
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

export default function CaseFormPage() {
  const { caseId } = useParams();
  const navigate = useNavigate();
  const isEdit = caseId !== undefined;
  const { user, error: userError } = useCurrentUser();
  const existing = useCase(caseId);
  // An edited case chooses among its owner's surgeons and facilities (the back office edits other
  // owners' cases); a new case among the user's own.
  const listOwner = isEdit ? existing.data?.user_id || user?.sub : user?.sub;
  const surgeons = useSurgeons(isEdit && !existing.data ? undefined : listOwner);
  const facilities = useFacilities(isEdit && !existing.data ? undefined : listOwner);
  // Back from "Add a surgeon/facility": start from what was typed (kept in memory, ./caseDraft.ts).
  const draft = useRestoredCaseDraft(user?.sub);

  let content;
  if (userError) {
    content = (
      <Alert variation="error" role="alert">
        {userError.message}
      </Alert>
    );
  } else if (isEdit && existing.isError) {
    content = (
      <Alert variation="error" role="alert" heading={messageTemplates.caseLoadFailed(existing.error.message)}>
        <Flex gap="small" marginTop="small">
          <Button onClick={() => navigate('/dashboard')}>Back to Case List</Button>
          <Button onClick={() => void existing.refetch()}>Retry</Button>
        </Flex>
      </Alert>
    );
  } else if (!user || (isEdit && !existing.data)) {
    content = (
      <Flex alignItems="center" gap="small" padding="large" role="status">
        <Loader size="large" />
        <Text>{UI_MESSAGES.loading}</Text>
      </Flex>
    );
  } else {
    content = (
      <CaseForm
        key={caseId ?? 'new'}
        caseId={caseId}
        userId={user.sub}
        ownerId={existing.data?.user_id || user.sub}
        initial={draft?.values ?? (existing.data ? toFormValues(existing.data) : EMPTY_FORM)}
        initialFiles={draft?.files}
        version={existing.data?.version}
        surgeons={surgeons.data}
        facilities={facilities.data}
        listsError={surgeons.isError}
        existingDocuments={
          existing.data
            ? {
                demographic_sheet: Boolean(existing.data.demo_file || existing.data.file_keys.demographic_sheet),
                op_note: Boolean(existing.data.note_file || existing.data.file_keys.op_note),
              }
            : undefined
        }
      />
    );
  }

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>{isEdit ? 'Edit Case' : 'Add New Case'}</Heading>
      {content}
    </Flex>
  );
}
