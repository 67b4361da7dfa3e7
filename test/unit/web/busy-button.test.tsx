/**
 * @jest-environment jsdom
 */
/**
 * The one busy button (web/src/components/BusyButton.tsx): while its work runs it keeps the focus,
 * says so, and ignores presses (a press of a submit button does not send its form again).
 */

import './support/dom-env';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { BusyButton, RetryButton } from '../../../web/src/components/BusyButton';

function SendForm({ onSend }: { onSend: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
        setBusy(true);
      }}
    >
      <input aria-label="Message" />
      <BusyButton type="submit" busy={busy} busyText="Sending...">
        Send
      </BusyButton>
      <button type="button" onClick={() => setBusy(false)}>
        Done
      </button>
    </form>
  );
}

describe('BusyButton', () => {
  it('keeps the focus while busy, says it is busy, and sends once however often it is pressed', () => {
    // Prepare
    const onSend = jest.fn();
    render(<SendForm onSend={onSend} />);
    const button = screen.getByRole('button', { name: 'Send' });
    button.focus();

    // Act
    fireEvent.click(button);
    fireEvent.click(button);

    // Assess
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('Sending...');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('is an ordinary button again once the work is over, with its ref', () => {
    // Prepare
    const onClick = jest.fn();
    const ref = createRef<HTMLButtonElement>();
    const { rerender } = render(
      <BusyButton ref={ref} busy busyText="Saving..." onClick={onClick}>
        Save
      </BusyButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Saving...' }));

    // Act
    act(() =>
      rerender(
        <BusyButton ref={ref} busy={false} busyText="Saving..." onClick={onClick}>
          Save
        </BusyButton>,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Assess
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Save' }));
    expect(ref.current?.hasAttribute('aria-disabled')).toBe(false);
  });

  it('retries a failed read, and says so while the read runs', () => {
    // Prepare
    const refetch = jest.fn();
    const { rerender } = render(<RetryButton query={{ refetch, isFetching: false }} />);

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    rerender(<RetryButton query={{ refetch, isFetching: true }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retrying...' }));

    // Assess
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Retrying...' }).getAttribute('aria-disabled')).toBe('true');
  });
});
