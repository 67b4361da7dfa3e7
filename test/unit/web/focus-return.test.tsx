/**
 * @jest-environment jsdom
 */
/**
 * Focus after an unmounted panel closes (web/src/components/useFocusReturn.ts): back to the element
 * named while it was open, to the fallback once that element has left the page, or nowhere new.
 */

import './support/dom-env';
import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { useFocusReturn } from '../../../web/src/components/useFocusReturn';

/** A panel opened by a button; its Done removes the opener when `removeOpener` (a deleted row's). */
function Harness({ removeOpener = false, withFallback = true }: { removeOpener?: boolean; withFallback?: boolean }) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocusTo = useFocusReturn(open, withFallback ? heading : undefined);
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Events
      </h2>
      {!gone && (
        <button
          onClick={(e) => {
            returnFocusTo(e.currentTarget);
            setOpen(true);
          }}
        >
          Delete
        </button>
      )}
      {open && (
        <form aria-label="Delete event">
          <button
            type="button"
            autoFocus
            onClick={() => {
              if (removeOpener) setGone(true);
              setOpen(false);
            }}
          >
            Done
          </button>
        </form>
      )}
    </>
  );
}

function openAndClose() {
  const opener = screen.getByRole('button', { name: 'Delete' });
  opener.focus();
  fireEvent.click(opener);
  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  return opener;
}

describe('useFocusReturn', () => {
  it('gives focus back to the opener once the panel is gone', () => {
    // Prepare
    render(<Harness />);

    // Act
    const opener = openAndClose();

    // Assess
    expect(screen.queryByRole('form', { name: 'Delete event' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('falls back to the heading when the opener has left the page', () => {
    // Prepare
    render(<Harness removeOpener />);

    // Act
    openAndClose();

    // Assess
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Events' }));
  });

  it('moves focus nowhere when the opener has gone and there is no fallback', () => {
    // Prepare
    render(<Harness removeOpener withFallback={false} />);

    // Act
    openAndClose();

    // Assess
    expect(document.activeElement).toBe(document.body);
  });
});
