/**
 * Free-text input with a suggestion list: an ARIA 1.2 combobox (input role combobox, popup
 * role listbox with options role option, aria-activedescendant for the highlighted option).
 *
 * Used by the case form for the insurance provider (suggestions from 2 characters, closes 150 ms
 * after blur) and the procedure code rows (from 1 character, closes 200 ms after blur), spec
 * provider-side sections 5 and 9. Keyboard: ArrowDown/ArrowUp move, Enter picks the highlighted
 * option, Escape closes. Mouse: options are picked on click without stealing focus.
 */
import { TextField, View } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';

export interface SuggestOption {
  /** Text put into the input when picked. */
  value: string;
  /** Text shown in the list. */
  label: string;
}

export interface SuggestInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Called when an option is picked (after `onChange(option.value)`). */
  onPick?: (option: SuggestOption) => void;
  /** Told when the list opens or closes (e.g. to run a search only while open). */
  onOpenChange?: (open: boolean) => void;
  options: readonly SuggestOption[];
  /** Characters needed before the list opens. */
  minChars: number;
  /** Delay between leaving the input and closing the list, in ms. */
  closeDelayMs: number;
  loading?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  errorMessage?: string;
  isRequired?: boolean;
  descriptiveText?: string;
}

export function SuggestInput(props: SuggestInputProps) {
  const {
    label,
    value,
    onChange,
    onBlur,
    onPick,
    onOpenChange,
    options,
    minChars,
    closeDelayMs,
    loading,
    name,
    inputRef,
    placeholder,
    errorMessage,
    isRequired,
    descriptiveText,
  } = props;
  const listId = useId();
  const [open, setOpenState] = useState(false);
  const [activeValue, setActiveValue] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (!next) setActiveValue(null);
    onOpenChange?.(next);
  };

  const longEnough = value.trim().length >= minChars;
  const activeIndex = activeValue === null ? -1 : options.findIndex((o) => o.value === activeValue);
  const showList = open && longEnough && options.length > 0;
  const showLoading = open && longEnough && options.length === 0 && Boolean(loading);

  const pick = (option: SuggestOption) => {
    onChange(option.value);
    onPick?.(option);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) {
        if (longEnough) setOpen(true);
        return;
      }
      const next = options[Math.min(activeIndex + 1, options.length - 1)];
      if (next) setActiveValue(next.value);
    } else if (e.key === 'ArrowUp') {
      if (!open) return;
      e.preventDefault();
      const prev = options[Math.max(activeIndex - 1, 0)];
      if (prev) setActiveValue(prev.value);
    } else if (e.key === 'Enter') {
      const option = showList && activeIndex >= 0 ? options[activeIndex] : undefined;
      if (option) {
        e.preventDefault();
        pick(option);
      }
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <View position="relative">
      <TextField
        label={label}
        name={name}
        ref={inputRef}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        isRequired={isRequired}
        descriptiveText={descriptiveText}
        hasError={Boolean(errorMessage)}
        errorMessage={errorMessage}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        onChange={(e) => {
          const next = e.target.value;
          onChange(next);
          setActiveValue(null);
          if (next.trim().length >= minChars) {
            if (!open) setOpen(true);
          } else if (open) setOpen(false);
        }}
        onFocus={() => clearTimeout(closeTimer.current)}
        onBlur={() => {
          onBlur?.();
          clearTimeout(closeTimer.current);
          closeTimer.current = setTimeout(() => setOpen(false), closeDelayMs);
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!showList}
        style={{
          position: 'absolute',
          zIndex: 20,
          left: 0,
          right: 0,
          top: '100%',
          margin: '2px 0 0',
          padding: 0,
          listStyle: 'none',
          background: 'var(--amplify-colors-background-primary, #fff)',
          border: '1px solid var(--amplify-colors-border-primary, #ccc)',
          borderRadius: 4,
          boxShadow: '0 4px 12px rgba(0,0,0,0.15)',
          maxHeight: 260,
          overflowY: 'auto',
        }}
      >
        {showList &&
          options.map((o, i) => (
            <li
              key={o.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActiveValue(o.value)}
              onClick={() => pick(o)}
              style={{
                padding: '8px 12px',
                cursor: 'pointer',
                background: i === activeIndex ? 'var(--amplify-colors-background-tertiary, #e8eef5)' : undefined,
              }}
            >
              {o.label}
            </li>
          ))}
      </ul>
      {showLoading && (
        <View role="status" fontSize="small" color="font.tertiary" padding="xxs">
          Searching...
        </View>
      )}
    </View>
  );
}
