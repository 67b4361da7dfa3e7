/**
 * The profile form's fields, shared by /profile-setup and /update-profile (spec provider-side
 * sections 2 and 5): first name, last name, address lines 1 and 2 (optional), city, state select
 * (50 states), ZIP code, phone, NPI number with a Validate button (which says when the registry names
 * another person, and then saving asks first), messaging preference and the States Licensed
 * checkbox grid; plus the error summary shown after a submit attempt.
 *
 * Forms use react-hook-form with `zodResolver(ProfileSetupFormSchema | ProfileFormSchema)`; values
 * are kept as text ({@link ProfileFormValues}) and parsed by the schema into `ProfileForm`.
 */
import { forwardRef, useRef, useState, type ReactNode } from 'react';
import { Controller, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, CheckboxField, Fieldset, Flex, SelectField, Text, View } from '@aws-amplify/ui-react';
import { DEFAULT_MESSAGING_PREF, MESSAGING_PREFS, NPI_LENGTH } from '../../../shared/constants';
import { messageTemplates } from '../../../shared/messages';
import { US_STATES } from '../../../shared/states';
import type { ProfileFormSchema, ProfileSetupFormSchema, Profile, ProfileForm } from '../../../shared';
import { NPI_MESSAGES, sameRegisteredPerson } from '../../../shared/schemas/reference';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { checkNpi } from './api';
import { FormField } from '../components/FormField';
import { BusyButton } from '../components/BusyButton';

/** The form's values as edited (text inputs; the schema turns messaging_pref into a number). */
export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  telephone_number: string;
  user_npi: string;
  messaging_pref: string;
  states_licensed: string[];
}

export type ProfileFormApi = UseFormReturn<ProfileFormValues, unknown, ProfileForm>;

/**
 * zodResolver for a profile schema, typed for {@link ProfileFormValues}. The schemas' input type is
 * wider (messaging_pref unknown, document_type) than the values this form edits, so the resolver is
 * re-typed: the schema still validates every value.
 */
export function profileResolver(
  schema: typeof ProfileFormSchema | typeof ProfileSetupFormSchema,
): Resolver<ProfileFormValues, unknown, ProfileForm> {
  return zodResolver(schema) as unknown as Resolver<ProfileFormValues, unknown, ProfileForm>;
}

/** Field order of the form (error summary order). */
export const PROFILE_FIELD_ORDER: readonly (keyof ProfileFormValues)[] = [
  'first_name',
  'last_name',
  'address1',
  'address2',
  'city',
  'state',
  'zipcode',
  'telephone_number',
  'user_npi',
  'messaging_pref',
  'states_licensed',
];

/** Form values from a stored profile (empty form when there is none). */
export function profileToFormValues(p: Profile | null | undefined): ProfileFormValues {
  return {
    first_name: p?.first_name ?? '',
    last_name: p?.last_name ?? '',
    address1: p?.addr1 ?? '',
    address2: p?.addr2 ?? '',
    city: p?.city ?? '',
    state: p?.state ?? '',
    zipcode: p?.zipcode ?? '',
    telephone_number: p?.telephone ?? '',
    user_npi: (p?.user_npi ?? '').replace(/\D/g, '').slice(0, NPI_LENGTH),
    messaging_pref: String(p?.message_pref ?? DEFAULT_MESSAGING_PREF),
    states_licensed: p?.states_licensed ?? [],
  };
}

/** The messages of the fields in error, in form order (one per field). */
export function errorMessages(errors: FieldErrors<ProfileFormValues>): string[] {
  return PROFILE_FIELD_ORDER.map((name) => errors[name]?.message).filter(
    (m): m is string => typeof m === 'string' && m !== '',
  );
}

/**
 * 'Please complete these N field(s) before continuing:' and each field's message. Rendered only when
 * there are messages; focusable (tabIndex -1) so the form can move focus to it after a failed submit.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { messages: string[] }>(function ErrorSummary(
  { messages },
  ref,
) {
  if (messages.length === 0) return null;
  return (
    <Alert ref={ref} variation="error" tabIndex={-1} heading={messageTemplates.errorSummary(messages.length)}>
      <View as="ul" margin="0.25rem 0 0" paddingInlineStart="1.25rem">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </View>
    </Alert>
  );
});

/** The success or error banner under a profile form (provider-side section 4). */
export type ProfileBanner = { variation: 'success' | 'error'; text: string };

/** The banner, announced as an alert (error) or a status (success). */
export function ProfileBannerView({ banner }: { banner: ProfileBanner | null }) {
  if (!banner) return null;
  return (
    <Alert variation={banner.variation} role={banner.variation === 'error' ? 'alert' : 'status'}>
      {banner.text}
    </Alert>
  );
}

/** Put the server's field messages (a 400's `errors`) on the matching form fields. */
export function applyServerFieldErrors(
  fieldErrors: readonly { field: string; message: string }[],
  setError: ProfileFormApi['setError'],
): void {
  for (const fe of fieldErrors) {
    const name = PROFILE_FIELD_ORDER.find((f) => f === fe.field);
    if (name) setError(name, { type: 'server', message: fe.message });
  }
}

export type NpiState =
  | { status: 'idle' | 'validating' }
  | { status: 'valid' | 'invalid'; message: string }
  /** Found, but registered to another person than the form's name: saving asks first. */
  | { status: 'otherPerson'; message: string; registered: string };

/**
 * The NPI Validate button's state, held by the page so that its submit can read it ("the form does not submit an NPI whose last check failed"). Editing the NPI clears
 * the result (spec provider-side section 5 "NPI check").
 */
export interface NpiCheck {
  state: NpiState;
  /** Run the check for the NPI now in the form (a result for an older number is dropped). */
  validate: () => Promise<void>;
  /** Forget the result (the NPI was edited or the form reset). */
  clear: () => void;
}

/** `checkMark`: the editing screen prefixes the success text with a check mark. */
export function useNpiCheck(form: ProfileFormApi, checkMark = false): NpiCheck {
  const [state, setState] = useState<NpiState>({ status: 'idle' });
  /** Bumped by every check and every edit: a result for an older number is dropped. */
  const checkRun = useRef(0);
  const validate = async () => {
    const run = ++checkRun.current;
    setState({ status: 'validating' });
    const outcome = await checkNpi(form.getValues('user_npi'));
    if (run !== checkRun.current) return;
    const profile = { first_name: form.getValues('first_name'), last_name: form.getValues('last_name') };
    if (outcome.valid && !sameRegisteredPerson(profile, outcome)) {
      const registered = `${outcome.first_name} ${outcome.last_name}`;
      const own = `${profile.first_name} ${profile.last_name}`.trim();
      setState({ status: 'otherPerson', message: NPI_MESSAGES.otherPerson(registered, own), registered });
      return;
    }
    setState({
      status: outcome.valid ? 'valid' : 'invalid',
      message: outcome.valid && checkMark ? `✓ ${outcome.message}` : outcome.message,
    });
  };
  const clear = () => {
    checkRun.current += 1;
    setState({ status: 'idle' });
  };
  return { state, validate, clear };
}

/**
 * Why a submit must stop because of the NPI check, or null: the last Validate of the number now
 * in the form failed (an edit since then clears the result, so the user can correct it and save).
 */
export function npiSubmitBlock(state: NpiState): string | null {
  if (state.status !== 'invalid') return null;
  return `${state.message.replace(/\.\s*$/, '')}. Correct the NPI number or validate it again before saving.`;
}

/**
 * Stop a submit when {@link npiSubmitBlock} says so: the reason goes on the NPI field (and so into
 * the error summary). Returns true when the submit must stop.
 */
export function blockSubmitOnFailedNpi(check: NpiCheck, setError: ProfileFormApi['setError']): boolean {
  const reason = npiSubmitBlock(check.state);
  if (reason) setError('user_npi', { type: 'npi-check', message: reason });
  return reason !== null;
}

/**
 * The confirmation before saving an NPI that Validate found under another person's name (the
 * server flags such a profile for back-office review either way). `needsConfirm(save)` answers
 * true and keeps `save` for the dialog's confirm when it must ask; render `dialog`.
 */
export function useOtherPersonConfirm(check: NpiCheck): {
  needsConfirm: (save: () => void) => boolean;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const state = check.state;
  const needsConfirm = (save: () => void) => {
    if (state.status !== 'otherPerson') return false;
    setPending(() => save);
    return true;
  };
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title="Save an NPI registered to someone else?"
      message={state.status === 'otherPerson' ? NPI_MESSAGES.confirmOtherPerson(state.registered) : ''}
      confirmLabel="Save anyway"
      tone="primary"
      onConfirm={() => {
        const save = pending;
        setPending(null);
        save?.();
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { needsConfirm, dialog };
}

/** NPI input (digits only, at most 10) with the Validate button and its result (provider-side section 5). */
function NpiField({ form, npiCheck }: { form: ProfileFormApi; npiCheck: NpiCheck }) {
  const npi = npiCheck.state;
  // Disabled while it checks, the Validate button would leave keyboard focus on the page.
  return (
    <Controller
      control={form.control}
      name="user_npi"
      render={({ field, fieldState }) => (
        // The one field wrapper, so that the hint sits as every other hint does; the check's result
        // takes room below only when there is one.
        <View flex="1 1 16rem">
          <FormField
            label="NPI Number"
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(e) => {
              field.onChange(e.target.value.replace(/\D/g, '').slice(0, NPI_LENGTH));
              npiCheck.clear();
              if (fieldState.error?.type === 'npi-check') form.clearErrors('user_npi');
            }}
            inputMode="numeric"
            autoComplete="off"
            isRequired
            hint="10 digits"
            error={fieldState.error?.message}
            outerEndComponent={
              <BusyButton
                onClick={() => void npiCheck.validate()}
                busy={npi.status === 'validating'}
                busyText="Validating..."
              >
                Validate
              </BusyButton>
            }
          />
          <div role="status" aria-live="polite">
            {(npi.status === 'valid' || npi.status === 'invalid' || npi.status === 'otherPerson') && (
              <Text
                fontSize="small"
                fontWeight="bold"
                marginTop="xxs"
                color={
                  npi.status === 'valid' ? 'font.success' : npi.status === 'otherPerson' ? 'font.warning' : 'font.error'
                }
                data-testid="npi-check-result"
              >
                {npi.message}
              </Text>
            )}
          </div>
        </View>
      )}
    />
  );
}

/** The States Licensed checkbox grid (a fieldset; scrollable). */
function StatesLicensedField({ form }: { form: ProfileFormApi }) {
  const errorId = 'states-licensed-error';
  return (
    <Controller
      control={form.control}
      name="states_licensed"
      render={({ field, fieldState }) => {
        const selected = new Set(field.value);
        const toggle = (code: string, checked: boolean) => {
          const next = new Set(selected);
          if (checked) next.add(code);
          else next.delete(code);
          field.onChange(US_STATES.map((s) => s.code).filter((c) => next.has(c)));
        };
        return (
          <Fieldset
            legend={`States Licensed${selected.size ? ` (${selected.size} selected)` : ''}`}
            variation="plain"
            aria-describedby={fieldState.error ? errorId : undefined}
            aria-invalid={fieldState.error ? true : undefined}
          >
            <div className="suture-states-grid">
              {US_STATES.map((s, i) => (
                <CheckboxField
                  key={s.code}
                  ref={i === 0 ? field.ref : undefined}
                  name="states_licensed"
                  value={s.code}
                  label={s.code}
                  title={s.name}
                  aria-label={`${s.name} (${s.code})`}
                  checked={selected.has(s.code)}
                  onChange={(e) => toggle(s.code, e.target.checked)}
                  onBlur={field.onBlur}
                />
              ))}
            </div>
            {fieldState.error && (
              <Text id={errorId} fontSize="small" color="font.error">
                {fieldState.error.message}
              </Text>
            )}
          </Fieldset>
        );
      }}
    />
  );
}

/** All profile fields; `npiCheck` from {@link useNpiCheck} (the page reads it before saving). */
export function ProfileFields({ form, npiCheck }: { form: ProfileFormApi; npiCheck: NpiCheck }) {
  const {
    register,
    formState: { errors },
  } = form;
  const half = '1 1 14rem';
  return (
    <Flex direction="column" gap="1rem">
      <Flex gap="1rem" wrap="wrap">
        <FormField
          flex={half}
          label="First Name"
          autoComplete="given-name"
          isRequired
          {...register('first_name')}
          error={errors.first_name?.message}
        />
        <FormField
          flex={half}
          label="Last Name"
          autoComplete="family-name"
          isRequired
          {...register('last_name')}
          error={errors.last_name?.message}
        />
      </Flex>
      <FormField
        label="Address Line 1"
        autoComplete="address-line1"
        isRequired
        {...register('address1')}
        error={errors.address1?.message}
      />
      <FormField
        label="Address Line 2 (optional)"
        autoComplete="address-line2"
        {...register('address2')}
        error={errors.address2?.message}
      />
      <Flex gap="1rem" wrap="wrap">
        <FormField
          flex="2 1 12rem"
          label="City"
          autoComplete="address-level2"
          isRequired
          {...register('city')}
          error={errors.city?.message}
        />
        <SelectField
          flex="1 1 10rem"
          label="State"
          placeholder="Select a state"
          autoComplete="address-level1"
          isRequired
          {...register('state')}
          hasError={!!errors.state}
          errorMessage={errors.state?.message}
        >
          {US_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name} ({s.code})
            </option>
          ))}
        </SelectField>
        <FormField
          flex="1 1 8rem"
          label="ZIP Code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          isRequired
          {...register('zipcode')}
          error={errors.zipcode?.message}
        />
      </Flex>
      {/* Both fields have a one-line hint, so that side by side their inputs are in line. */}
      <Flex gap="1rem" wrap="wrap" alignItems="flex-start">
        <FormField
          flex="1 1 14rem"
          label="Phone Number"
          hint="US number"
          type="tel"
          autoComplete="tel-national"
          placeholder="(555) 123-4567"
          isRequired
          {...register('telephone_number')}
          error={errors.telephone_number?.message}
        />
        <NpiField form={form} npiCheck={npiCheck} />
      </Flex>
      <SelectField
        label="Messaging Preference"
        isRequired
        {...register('messaging_pref')}
        hasError={!!errors.messaging_pref}
        errorMessage={errors.messaging_pref?.message}
      >
        {MESSAGING_PREFS.map((p) => (
          <option key={p.value} value={String(p.value)}>
            {p.label}
          </option>
        ))}
      </SelectField>
      <StatesLicensedField form={form} />
    </Flex>
  );
}
