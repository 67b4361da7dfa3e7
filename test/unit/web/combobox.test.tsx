/**
 * @jest-environment jsdom
 */
/**
 * The SPA's one combobox (web/src/components/Combobox.tsx, Amplify UI's Autocomplete): what screen
 * readers are told (role, aria-expanded, aria-activedescendant), the keyboard (arrows, Enter,
 * Escape), a pick by click, the minimum length and the loading and empty texts.
 */

import './support/dom-env';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Combobox, type ComboboxOption, type ComboboxProps } from '../../../web/src/components/Combobox';

const NAMES = ['Aetna', 'Anthem', 'Humana', 'Medicare'];

function Harness(props: Partial<ComboboxProps> & { onPicked?: (o: ComboboxOption) => void; onSent?: () => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSent?.();
      }}
    >
      <Combobox
        label="Insurance provider"
        value={value}
        onChange={setValue}
        onPick={(o) => {
          setValue(o.value);
          props.onPicked?.(o);
        }}
        options={NAMES.filter((n) => n.toLowerCase().includes(value.trim().toLowerCase())).map((n) => ({
          value: n,
          label: n,
        }))}
        minChars={2}
        {...props}
      />
    </form>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Insurance provider' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const key = (k: string) => fireEvent.keyDown(box(), { key: k });
const active = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('the combobox', () => {
  it('stays closed below the minimum length and opens a listbox of the options from it', () => {
    // Prepare
    render(<Harness />);
    // Act
    type('A');
    // Assess
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Act
    type('Ae');
    // Assess
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Aetna']);
  });

  it('moves with the arrows, picks with Enter and closes with Escape', () => {
    // Prepare
    const picked: string[] = [];
    render(<Harness onPicked={(o) => picked.push(o.value)} />);
    type('an');
    // Act + Assess: ArrowDown and ArrowUp move the highlight (aria-activedescendant)
    key('ArrowDown');
    expect(active()).toBe('Anthem');
    key('ArrowDown');
    expect(active()).toBe('Humana');
    key('ArrowUp');
    expect(active()).toBe('Anthem');
    // Escape closes the list
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter picks the highlighted option
    key('ArrowDown');
    key('Enter');
    expect(picked).toEqual(['Anthem']);
    expect((box() as HTMLInputElement).value).toBe('Anthem');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    [true, 1],
    [false, 0],
  ])(
    'picks an option on click; Enter with none highlighted submits the form when enterSubmits is %s',
    (enterSubmits, times) => {
      // Prepare
      const picked: string[] = [];
      let sent = 0;
      render(<Harness enterSubmits={enterSubmits} onPicked={(o) => picked.push(o.value)} onSent={() => (sent += 1)} />);
      type('med');
      // Act
      fireEvent.click(screen.getByRole('option', { name: 'Medicare' }));
      key('Enter');
      // Assess
      expect(picked).toEqual(['Medicare']);
      expect(sent).toBe(times);
    },
  );

  it('says it is searching, then the empty text, and shows no empty list without one', () => {
    // Prepare
    const { rerender } = render(<Harness options={[]} loading loadingText="Searching users..." emptyText="None" />);
    type('zz');
    // Assess
    expect(screen.getByRole('status').textContent).toBe('Searching users...');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    // Act
    rerender(<Harness options={[]} emptyText="None" />);
    type('zzz');
    // Assess
    expect(screen.getByText('None')).toBeTruthy();
    // Act
    rerender(<Harness options={[]} />);
    type('zzzz');
    // Assess
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('None')).toBeNull();
  });
});
