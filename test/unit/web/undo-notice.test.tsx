/**
 * @jest-environment jsdom
 */
/**
 * The notice with Undo (web/src/components/UndoNotice.tsx; docs/decisions/0025-bulk-and-undo.md):
 * announced as a status, Undo for 10 seconds then closed, the time stopped while the pointer or
 * focus is on it, and a Close button when there is nothing to undo. Fake timers.
 */
import './support/dom-env';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { UNDO_WINDOW_MS, UndoNotice } from '../../../web/src/components/UndoNotice';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function show(props: { onUndo?: () => void } = {}) {
  const onClose = jest.fn();
  render(<UndoNotice message="Status changed to Paid" onClose={onClose} {...props} />);
  return onClose;
}

describe('UndoNotice', () => {
  it('offers Undo as a status and closes after 10 seconds', () => {
    // Prepare
    const onUndo = jest.fn();
    const onClose = show({ onUndo });
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS - 1));
    // Assess
    expect(screen.getByRole('status').textContent).toContain('Status changed to Paid');
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stops the time while the pointer or focus is on it, and goes on with what was left', () => {
    // Prepare
    const onClose = show({ onUndo: jest.fn() });
    act(() => jest.advanceTimersByTime(6_000));
    // Act
    fireEvent.mouseEnter(screen.getByRole('status'));
    act(() => jest.advanceTimersByTime(60_000));
    // Assess
    expect(onClose).not.toHaveBeenCalled();
    // Act
    fireEvent.mouseLeave(screen.getByRole('status'));
    act(() => jest.advanceTimersByTime(3_999));
    // Assess
    expect(onClose).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers Close instead when there is nothing to undo', () => {
    // Prepare
    const onClose = show();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Close notice' }));
    // Assess
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
