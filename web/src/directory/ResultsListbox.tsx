/**
 * The results dropdown of the surgeon and facility searches (spec provider-side section 2: "a
 * results dropdown of 10"): an ARIA listbox that takes focus itself (tabIndex 0) and marks the
 * highlighted option with aria-activedescendant. Keyboard: ArrowDown/ArrowUp move, Home/End jump,
 * Enter or Space picks, Escape hands focus back (`onEscape`). Mouse and touch: click picks. The
 * search inputs move focus here with ArrowDown (call `focus()` on the ref).
 */
import { useId, useState, type CSSProperties, type KeyboardEvent, type ReactNode, type Ref } from 'react';

export interface ResultOption {
  /** Unique within the list. */
  key: string;
  /** The option's content; its text is the option's accessible name. */
  content: ReactNode;
  /** The temporary manual-entry option: shown in orange (spec section 2, facilities). */
  tone?: 'warning';
}

export interface ResultsListboxProps {
  label: string;
  options: readonly ResultOption[];
  /** Key of the chosen option (aria-selected), if any. */
  selectedKey?: string;
  onPick: (option: ResultOption, index: number) => void;
  onEscape?: () => void;
  listRef?: Ref<HTMLUListElement>;
}

const listStyle: CSSProperties = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: '1px solid var(--amplify-colors-border-primary, #ccc)',
  borderRadius: 4,
  background: 'var(--amplify-colors-background-primary, #fff)',
  maxHeight: 420,
  overflowY: 'auto',
};

export function ResultsListbox({ label, options, selectedKey, onPick, onEscape, listRef }: ResultsListboxProps) {
  const id = useId();
  const [active, setActive] = useState(-1);
  const activeIndex = active >= options.length ? options.length - 1 : active;

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      Home: 0,
      End: last,
    };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key] as number);
    } else if ((e.key === 'Enter' || e.key === ' ') && activeIndex >= 0) {
      e.preventDefault();
      const option = options[activeIndex];
      if (option) onPick(option, activeIndex);
    } else if (e.key === 'Escape' && onEscape) {
      e.preventDefault();
      onEscape();
    }
  };

  return (
    <ul
      ref={listRef}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={activeIndex >= 0 ? `${id}-${activeIndex}` : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (activeIndex < 0 && options.length > 0) {
          const selected = options.findIndex((o) => o.key === selectedKey);
          setActive(selected >= 0 ? selected : 0);
        }
      }}
      style={listStyle}
    >
      {options.map((o, i) => (
        <li
          key={o.key}
          id={`${id}-${i}`}
          role="option"
          aria-selected={o.key === selectedKey}
          onClick={() => {
            setActive(i);
            onPick(o, i);
          }}
          onMouseEnter={() => setActive(i)}
          style={{
            padding: '10px 12px',
            minHeight: 44,
            boxSizing: 'border-box',
            cursor: 'pointer',
            borderTop: i > 0 ? '1px solid var(--amplify-colors-border-secondary, #eee)' : undefined,
            background:
              i === activeIndex
                ? 'var(--amplify-colors-background-tertiary, #e8eef5)'
                : o.tone === 'warning'
                  ? 'var(--amplify-colors-orange-10, #fff4e5)'
                  : undefined,
            color: o.tone === 'warning' ? 'var(--amplify-colors-orange-90, #7a3b00)' : undefined,
            outline: i === activeIndex ? '2px solid var(--amplify-colors-primary-60, #047d95)' : undefined,
            outlineOffset: -2,
          }}
        >
          {o.content}
        </li>
      ))}
    </ul>
  );
}
