/**
 * The SPA's one combobox: Amplify UI's `Autocomplete` (an ARIA 1.2 combobox: the input has role
 * combobox and aria-activedescendant, the popup a listbox of options), configured per use: the case
 * form's insurance provider and procedure codes, the back office's user filter and report provider.
 *
 * Keyboard (Amplify): ArrowDown/ArrowUp move through the options (and open the list), Enter picks the
 * highlighted option, Escape closes the list (and, when it is closed, clears the text); with
 * `enterSubmits`, Enter with no option highlighted submits the input's form as a text field does.
 * Mouse: options are picked on click without the input losing focus; the list closes when focus
 * leaves (decision 0015-spa-patterns).
 * The caller filters the options; the list stays closed (aria-expanded false) while it would be empty.
 */
import { Autocomplete, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useCallback, useId, useMemo, useRef, type ReactNode, type Ref } from 'react';

export interface ComboboxOption {
  /** What a pick hands to `onPick` (a code, an id, or the text to put in the input). */
  value: string;
  /** Text shown in the list; the option's accessible name. */
  label: string;
}

export interface ComboboxProps {
  label: string;
  labelHidden?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Called with the option picked by click or Enter. */
  onPick: (option: ComboboxOption) => void;
  onBlur?: () => void;
  /** The options to offer for `value`, already filtered. */
  options: readonly ComboboxOption[];
  /** Characters needed before the list opens; default 0. */
  minChars?: number;
  /** A search is running: shows `loadingText` while there is no option yet. */
  loading?: boolean;
  /** Default 'Searching...'. */
  loadingText?: string;
  /** Shown in the open list when there is no option; none: the list stays closed. */
  emptyText?: ReactNode;
  /** Enter with no option highlighted submits the enclosing form (Amplify's default: nothing). */
  enterSubmits?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  errorMessage?: string;
  isRequired?: boolean;
  descriptiveText?: ReactNode;
  /** Replaces the description and error ids Amplify would set: for a hint outside the field. */
  'aria-describedby'?: string;
}

const CLOSED_CLASS = 'suture-combobox--closed';

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

export function Combobox(props: ComboboxProps) {
  const { label, labelHidden = false, value, onChange, onPick, onBlur, options, minChars = 0, loading } = props;
  const own = useRef<HTMLInputElement | null>(null);
  const { inputRef } = props;
  const ref = useCallback(
    (el: HTMLInputElement | null) => {
      own.current = el;
      setRef(inputRef, el);
    },
    [inputRef],
  );

  const longEnough = value.trim().length >= minChars;
  const shown = longEnough ? options : [];
  const isLoading = longEnough && Boolean(loading) && options.length === 0;
  const hasContent = shown.length > 0 || isLoading || (longEnough && props.emptyText !== undefined);
  // Amplify opens its menu on any keystroke; an empty menu is hidden (global.css) and not announced.
  const closed = hasContent ? {} : { 'aria-expanded': false, 'aria-controls': undefined, 'aria-owns': undefined };

  // Amplify finds the highlighted option by object identity, so the objects must outlive a render
  // that offers the same labels; their id is the element id (aria-activedescendant).
  const baseId = useId();
  const labels = shown.map((o) => o.label).join('\u0000');
  const amplifyOptions = useMemo(
    () => (labels === '' ? [] : labels.split('\u0000').map((label, i) => ({ id: `${baseId}-option-${i}`, label }))),
    [labels, baseId],
  );
  const pick = (picked: { id: string }) => {
    const option = shown[amplifyOptions.findIndex((o) => o.id === picked.id)];
    if (option) onPick(option);
  };

  return (
    <Autocomplete
      label={label}
      labelHidden={labelHidden}
      name={props.name}
      ref={ref}
      value={value}
      placeholder={props.placeholder}
      isRequired={props.isRequired}
      descriptiveText={props.descriptiveText}
      hasError={Boolean(props.errorMessage)}
      errorMessage={props.errorMessage}
      className={hasContent ? undefined : CLOSED_CLASS}
      options={amplifyOptions}
      optionFilter={() => true}
      isLoading={isLoading}
      menuSlots={{
        LoadingIndicator: (
          <Text as="span" role="status" fontSize="small">
            {props.loadingText ?? 'Searching...'}
          </Text>
        ),
        Empty: hasContent ? <Text padding="0.5rem">{props.emptyText}</Text> : <></>,
      }}
      onChange={(e) => onChange(e.target.value)}
      onClear={() => onChange('')}
      onBlur={() => onBlur?.()}
      onSelect={pick}
      onSubmit={() => (props.enterSubmits ? own.current?.form?.requestSubmit() : undefined)}
      {...(props['aria-describedby'] ? { 'aria-describedby': props['aria-describedby'] } : {})}
      {...closed}
    />
  );
}

/**
 * A combobox's picked value shown in its place, laid out as a field: `label` above, the value (bold)
 * and a button that clears it on the input's line (42 px, an Amplify input's height), so that a row
 * of filters keeps its labels and controls in line whether a value is picked or not.
 */
export function ComboboxChoice({
  label,
  value,
  clearText,
  onClear,
  buttonRef,
}: {
  label: string;
  value: string;
  clearText: string;
  onClear: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Flex direction="column" gap="xs">
      <Text as="span" className="amplify-label">
        {label}
      </Text>
      <Flex alignItems="center" gap="xs" wrap="wrap" minHeight="2.625rem">
        <Text as="span" style={{ overflowWrap: 'anywhere' }}>
          <strong>{value}</strong>
        </Text>
        <Button size="small" onClick={onClear} ref={buttonRef}>
          {clearText}
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * Focus across the swap of a Combobox and its picked value: a pick unmounts the input, a clear
 * unmounts the clear button, and either way the focus would fall to the page. `swap()` before the
 * pick or clear; `focusRef` on the clear button and on the input (`inputRef`) focuses the one that
 * mounts next. An initial value (e.g. from the URL) takes no focus.
 */
export function useSwapFocus() {
  const pending = useRef(false);
  const focusRef = useCallback((el: HTMLElement | null) => {
    if (!el || !pending.current) return;
    pending.current = false;
    el.focus();
  }, []);
  const swap = useCallback(() => {
    pending.current = true;
  }, []);
  return { swap, focusRef };
}
