/**
 * The add/edit screen of a registry entry (Add Surgeon, Edit Surgeon, Add Facility; spec
 * provider-side sections 2, 5, 8 and 9), configured per entity by a {@link RegistryEntity}:
 *
 * - Search in the NPI registry, in one or more modes ("Search by"); a mode with `typed` searches
 *   300 ms after typing stops, every mode at once with Enter / Search. Results: a listbox of at most
 *   10 options (ArrowDown from a search input moves into it; it closes 150 ms after focus leaves the
 *   search area), optionally followed by the typed text as a temporary manual option. A pick shows
 *   the selected summary.
 * - 'Add Manual Entry': the entity's name fields, checked by its zod schema on 'Use Manual Entry'.
 * - 'Save …': without a selection the entity's select-or-manual message; on success its message and,
 *   1.5 s later, back to the list or to the case form the user came from (router state `returnTo`,
 *   web/src/cases/caseDraft.ts) with the new entry chosen. A failed save: `saveErrorOutcome`.
 */
import { Button, Flex, Radio, RadioGroupField, Text, View, VisuallyHidden } from '@aws-amplify/ui-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type * as z from 'zod';
import { useAuth } from '../auth/AuthProvider';
import { ConfirmDialog } from '../components/ConfirmDialog';
import type { ErrorAction } from '../lib/apiErrors';
import { FormField } from '../components/FormField';
import { ManualEntry, RegistryResultContent, RegistrySearchCard, SaveBar, type RegistryPlace } from './RegistryForm';
import type { ResultOption } from './ResultsListbox';
import { SelectedSummary, type SummaryField } from './SelectedSummary';
import { useRegistrySearch, useReturnAfterSave } from './useRegistrySearch';
import { useTimers } from './useTimers';

/** The texts the screen's search inputs hold, by field name. */
export type SearchValues = Partial<Record<string, string>>;

/** One text input of a search mode. */
export interface RegistrySearchField {
  name: string;
  label: string;
  placeholder?: string;
  /** Under the label of a lone field; in a row of fields, full width under the row (it would wrap in a half-width field). */
  hint?: string;
}

/** One way of searching (a "Search by" choice when there are several). */
export interface RegistrySearchMode<Q> {
  value: string;
  /** The radio's label. */
  label: string;
  /** One field: a wide input; several: a row of half-width inputs. */
  fields: readonly RegistrySearchField[];
  /** The query of a Search, or the notice that says why there is none. */
  submit: (values: SearchValues) => { query: Q } | { notice: string };
  /** The query typed text runs after the debounce (null: none yet); absent: only Search runs one. */
  typed?: (values: SearchValues) => Q | null;
  /** Whether Search is enabled; absent: always. */
  canSearch?: (values: SearchValues) => boolean;
}

/**
 * A mode of one text input 'text' that searches as the user types: `parse` turns the text into the
 * query (null below the minimum, when a Search shows `notice`).
 */
export function typedTextMode<Q>(
  mode: { value: string; label: string },
  field: Omit<RegistrySearchField, 'name'>,
  parse: (text: string) => Q | null,
  notice: string,
): RegistrySearchMode<Q> {
  return {
    ...mode,
    fields: [{ name: 'text', ...field }],
    submit: (v) => {
      const query = parse(v.text ?? '');
      return query === null ? { notice } : { query };
    },
    typed: (v) => parse(v.text ?? ''),
  };
}

/** What a failed save does: show `message`, then sign out, go home, or offer to try again. */
export interface SaveErrorOutcome {
  message: string;
  action: ErrorAction;
}

/** Everything that differs between the surgeon and the facility screen. */
export interface RegistryEntity<
  Q,
  R extends RegistryPlace,
  I extends { manual_entry: boolean },
  M extends SearchValues,
> {
  /** e.g. 'Find a surgeon'. */
  heading: string;
  /** Name of the "Search by" radio group (only with several modes). */
  modeGroup: string;
  modes: readonly RegistrySearchMode<Q>[];
  /** Identifies a query (the list is closed per query). */
  queryKey: (q: Q) => string;
  useSearch: (q: Q | null) => UseQueryResult<R[]>;
  resultsLabel: string;
  noResults: string;
  resultName: (r: R) => string;
  fromResult: (r: R) => I;
  /** The typed text offered after the results as a temporary, unvalidated entry (orange). */
  typedOption?: { text: (q: Q) => string; toInput: (q: Q) => I };
  manual: {
    intro: string;
    fields: readonly { name: keyof M & string; label: string }[];
    schema: z.ZodType<M, M>;
    /** The fields' first values, from what was typed in the search. */
    prefill: (mode: string, values: SearchValues) => M;
    toInput: (values: M) => I;
  };
  summaryTitle: string;
  summary: (input: I) => SummaryField[];
  /** Whether a selection carries the name(s) a save needs. */
  hasName: (input: I) => boolean;
  messages: { selectOrManual: string; noName: string; added: string; updated?: string };
  saveLabel: string;
  listPath: string;
  draftField: 'primary_surgeon' | 'facility';
  useSave: (userId: string | undefined, existingId?: string) => UseMutationResult<string, Error, I>;
  saveErrorOutcome: (err: unknown) => SaveErrorOutcome;
  /** The confirm dialog's text for `confirmRetry`. */
  retryMessage?: string;
  /** Delays of the outcomes' actions, ms. */
  errorDelaysMs?: { signOutRedirect: number; signInRedirect: number; retryConfirm: number };
}

interface Selection<I> {
  /** Which option (a result's key, 'manual' or 'current') is chosen. */
  key: string;
  input: I;
}

const MANUAL_KEY = 'manual';

function resultKey(r: RegistryPlace, i: number): string {
  return r.npi || `row-${i}`;
}

export interface RegistryScreenProps<I> {
  userId: string | undefined;
  /** The stored entry being edited, with its id (edit screen only). */
  existing?: { id: string; input: I };
  returnTo?: string;
}

export function RegistryScreen<
  Q,
  R extends RegistryPlace,
  I extends { manual_entry: boolean },
  M extends SearchValues,
>({ entity, userId, existing, returnTo }: RegistryScreenProps<I> & { entity: RegistryEntity<Q, R, I, M> }) {
  const isEdit = existing !== undefined;
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const { schedule, clear } = useTimers();
  const save = entity.useSave(userId, existing?.id);
  const { backTo, afterSave } = useReturnAfterSave(entity.listPath, returnTo, entity.draftField, schedule);
  const { listRef, textRef, areaProps, debounce, cancelDebounce, listAllowed, closeList, reopenList, arrowIntoList } =
    useRegistrySearch();

  const firstMode = entity.modes[0] as RegistrySearchMode<Q>;
  const [modeValue, setModeValue] = useState(firstMode.value);
  const hintId = useId();
  const mode = entity.modes.find((m) => m.value === modeValue) ?? firstMode;
  const searchForm = useForm<SearchValues>({
    defaultValues: Object.fromEntries(entity.modes.flatMap((m) => m.fields.map((f) => [f.name, '']))),
  });
  const values = useWatch({ control: searchForm.control });
  const [queries, setQueries] = useState<Record<string, Q | null>>({});
  const [searchNotice, setSearchNotice] = useState<string | null>(null);

  const [selection, setSelection] = useState<Selection<I> | null>(
    existing ? { key: 'current', input: existing.input } : null,
  );
  const [manualOpen, setManualOpen] = useState(false);
  const manualForm = useForm<M>();
  const manualErrors = entity.manual.fields.map((f) => manualForm.formState.errors[f.name]?.message);
  const manualError = manualErrors.find((m): m is string => typeof m === 'string') ?? null;

  const [formError, setFormError] = useState<string | null>(null);
  const [failure, setFailure] = useState<SaveErrorOutcome | null>(null);
  /** Set from a save until it settles (double-click guard). */
  const inFlight = useRef(false);
  const [retryOpen, setRetryOpen] = useState(false);
  const lastInput = useRef<I | null>(null);

  const query = queries[mode.value] ?? null;
  const key = query === null ? null : entity.queryKey(query);
  const search = entity.useSearch(query);
  const results = query !== null && !search.isError ? (search.data ?? []) : [];
  const searched = query !== null && !search.isFetching;
  const typed = entity.typedOption && query !== null ? entity.typedOption : undefined;
  const showList = listAllowed(key) && (results.length > 0 || (typed !== undefined && searched));
  const noResults = query !== null && search.isSuccess && !search.isPlaceholderData && results.length === 0;

  const setQuery = (q: Q | null) => setQueries((all) => ({ ...all, [mode.value]: q }));

  const runSearch = (e: FormEvent) => {
    e.preventDefault();
    cancelDebounce();
    reopenList();
    const outcome = mode.submit(searchForm.getValues());
    if ('query' in outcome) {
      setQuery(outcome.query);
      setSearchNotice(null);
    } else {
      // A typed search keeps no stale query behind the notice; the name-fields search keeps its last.
      if (mode.typed) setQuery(null);
      setSearchNotice(outcome.notice);
    }
  };

  const toList = arrowIntoList(showList);

  const choose = (next: Selection<I>) => {
    setSelection(next);
    setFormError(null);
    setFailure(null);
  };

  const options: ResultOption[] = results.map((r, i) => ({
    key: resultKey(r, i),
    content: <RegistryResultContent name={entity.resultName(r)} r={r} />,
  }));
  if (typed && query !== null) {
    options.push({
      key: MANUAL_KEY,
      tone: 'warning',
      content: (
        <Flex direction="column" gap="0">
          <Text as="span" fontWeight="bold" color="inherit">
            {typed.text(query)}
            <VisuallyHidden>,</VisuallyHidden>
          </Text>
          <Text as="span" fontSize="small" color="inherit">
            Manual entry (temporary, not validated)
          </Text>
        </Flex>
      ),
    });
  }

  const pick = (option: ResultOption) => {
    if (option.key === MANUAL_KEY && typed && query !== null) {
      choose({ key: MANUAL_KEY, input: typed.toInput(query) });
    } else {
      const i = results.findIndex((r, n) => resultKey(r, n) === option.key);
      const r = results[i];
      if (!r) return;
      choose({ key: option.key, input: entity.fromResult(r) });
    }
    closeList(key);
  };

  const openManual = () => {
    if (!manualOpen) manualForm.reset(entity.manual.prefill(mode.value, searchForm.getValues()));
    setManualOpen(!manualOpen);
  };

  // Checked synchronously (not through the async resolver) so that a Save right after
  // 'Use Manual Entry' already sees the manual selection.
  const applyManual = (e: FormEvent) => {
    e.preventDefault();
    manualForm.clearErrors();
    const parsed = entity.manual.schema.safeParse(manualForm.getValues());
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        manualForm.setError(String(issue.path[0]) as Path<M>, { type: issue.code, message: issue.message });
      return;
    }
    choose({ key: MANUAL_KEY, input: entity.manual.toInput(parsed.data) });
    setManualOpen(false);
  };

  const doSave = (input: I) => {
    // A second click before React re-renders the busy button must not save a second entry.
    if (inFlight.current) return;
    inFlight.current = true;
    clear();
    setFailure(null);
    setRetryOpen(false);
    lastInput.current = input;
    save.mutate(input, {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: afterSave,
      onError: (err) => {
        const outcome = entity.saveErrorOutcome(err);
        const delays = entity.errorDelaysMs;
        setFailure(outcome);
        if (!delays) return;
        if (outcome.action === 'signOutAndGoHome')
          schedule(() => {
            void signOut();
            navigate('/', { replace: true });
          }, delays.signOutRedirect);
        else if (outcome.action === 'goHome') schedule(() => navigate('/', { replace: true }), delays.signInRedirect);
        else if (outcome.action === 'confirmRetry') schedule(() => setRetryOpen(true), delays.retryConfirm);
      },
    });
  };

  const onSave = () => {
    if (!selection) setFormError(entity.messages.selectOrManual);
    else if (!entity.hasName(selection.input)) setFormError(entity.messages.noName);
    else doSave(selection.input);
  };

  const fieldProps = (name: string) =>
    searchForm.register(name, {
      onChange: () => {
        setSearchNotice(null);
        if (mode.typed) {
          const typedQuery = mode.typed;
          debounce(() => setQuery(typedQuery(searchForm.getValues())));
        }
      },
    });

  return (
    <Flex direction="column" gap="medium">
      <RegistrySearchCard
        heading={entity.heading}
        onSubmit={runSearch}
        areaProps={areaProps}
        notice={searchNotice}
        searching={search.isFetching && query !== null}
        error={search.isError && query !== null ? search.error.message : null}
        noResults={noResults ? entity.noResults : null}
        list={
          showList
            ? {
                label: entity.resultsLabel,
                listRef,
                options,
                selectedKey: selection?.key,
                onPick: pick,
                onEscape: () => closeList(key),
              }
            : null
        }
      >
        {entity.modes.length > 1 && (
          <RadioGroupField
            legend="Search by"
            name={entity.modeGroup}
            direction="row"
            value={mode.value}
            onChange={(e) => {
              setModeValue(e.target.value);
              setSearchNotice(null);
            }}
          >
            {entity.modes.map((m) => (
              <Radio key={m.value} value={m.value}>
                {m.label}
              </Radio>
            ))}
          </RadioGroupField>
        )}
        <Flex alignItems="flex-end" gap="small" wrap="wrap">
          {mode.fields.map((f, i) => {
            const registered = fieldProps(f.name);
            const rowHint = mode.fields.length > 1 && f.hint !== undefined;
            return (
              <View key={f.name} flex={mode.fields.length === 1 ? '1 1 16rem' : '1 1 10rem'}>
                <FormField
                  label={f.label}
                  hint={rowHint ? undefined : f.hint}
                  // Only when set: an undefined one would drop the ids Amplify gives the input.
                  {...(rowHint ? { 'aria-describedby': `${hintId}-${f.name}` } : {})}
                  placeholder={f.placeholder}
                  autoComplete="off"
                  {...registered}
                  ref={(el) => {
                    registered.ref(el);
                    if (i === 0) textRef.current = el;
                  }}
                  onKeyDown={toList}
                />
              </View>
            );
          })}
          <Button
            type="submit"
            isDisabled={mode.canSearch ? !mode.canSearch(values) : undefined}
            style={{ minHeight: 44 }}
          >
            Search
          </Button>
        </Flex>
        {mode.fields.length > 1 &&
          mode.fields
            .filter((f) => f.hint !== undefined)
            .map((f) => (
              <Text key={f.name} id={`${hintId}-${f.name}`} className="amplify-field__description">
                {f.hint}
              </Text>
            ))}
      </RegistrySearchCard>

      <ManualEntry
        open={manualOpen}
        onToggle={openManual}
        onSubmit={applyManual}
        intro={entity.manual.intro}
        error={manualError}
      >
        <Flex gap="small" wrap="wrap">
          {entity.manual.fields.map((f) => (
            <View key={f.name} flex="1 1 10rem">
              <FormField label={f.label} autoComplete="off" {...manualForm.register(f.name as Path<M>)} />
            </View>
          ))}
        </Flex>
      </ManualEntry>

      <div aria-live="polite">
        {selection && (
          <SelectedSummary
            title={entity.summaryTitle}
            fields={entity.summary(selection.input)}
            manual={selection.input.manual_entry}
            clearLabel={isEdit ? undefined : 'Clear selection'}
            onClear={() => {
              setSelection(null);
              // The button goes away with the summary: keyboard focus goes back to the search.
              textRef.current?.focus();
            }}
          />
        )}
      </div>

      <SaveBar
        saveLabel={entity.saveLabel}
        formError={formError}
        saveError={failure && failure.action !== 'confirmRetry' ? failure.message : null}
        saved={save.isSuccess}
        successMessage={isEdit && entity.messages.updated ? entity.messages.updated : entity.messages.added}
        pending={save.isPending}
        onSave={onSave}
        onCancel={backTo}
      />
      {entity.retryMessage && (
        <ConfirmDialog
          open={retryOpen}
          title="Server issue"
          message={entity.retryMessage}
          confirmLabel="Try Again"
          onCancel={() => setRetryOpen(false)}
          onConfirm={() => {
            setRetryOpen(false);
            if (lastInput.current) doSave(lastInput.current);
          }}
        />
      )}
    </Flex>
  );
}
