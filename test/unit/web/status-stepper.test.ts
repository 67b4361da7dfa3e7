/**
 * The status stepper of Case Details (web/src/cases/StatusStepper.tsx): which steps are done, skipped,
 * current or not reached, and the date each was last reached.
 */
import { caseSteps } from '../../../web/src/cases/StatusStepper';
import type { StatusHistoryEntry } from '../../../shared';

const move = (from: number | null, to: number, at: string): StatusHistoryEntry => ({
  from,
  to,
  by: 'u-1',
  at,
  why: from === null ? 'auto' : 'manual',
});

describe('caseSteps', () => {
  it('marks steps passed with a date as done, passed without one as skipped, and the rest not reached', () => {
    // Prepare: created complete (Submitted), then Paid, then straight to Sent to Negotiation
    const history = [
      move(null, 10, '2026-03-01T15:00:00Z'),
      move(10, 20, '2026-03-20T15:00:00Z'),
      move(20, 50, '2026-04-02T15:00:00Z'),
    ];
    // Act
    const steps = caseSteps(50, history);
    // Assess
    expect(steps.map((s) => [s.value, s.state])).toEqual([
      [0, 'skipped'],
      [10, 'done'],
      [20, 'done'],
      [30, 'skipped'],
      [40, 'skipped'],
      [50, 'current'],
      [60, 'upcoming'],
      [70, 'upcoming'],
      [80, 'upcoming'],
      [90, 'upcoming'],
    ]);
    expect(steps[2]!.reachedAt).toBe('2026-03-20T15:00:00Z');
  });

  it('keeps the latest date of a status reached twice, and a step left by a move back is not reached', () => {
    // Prepare: Paid, Sent to Biller, back to Paid (an undo), then Paid's date is the second move's
    const history = [
      move(null, 20, '2026-03-01T15:00:00Z'),
      move(20, 30, '2026-03-02T15:00:00Z'),
      move(30, 20, '2026-03-03T15:00:00Z'),
    ];
    // Act
    const steps = caseSteps(20, history);
    // Assess
    expect(steps[2]).toEqual({ value: 20, label: 'Paid', state: 'current', reachedAt: '2026-03-03T15:00:00Z' });
    expect(steps[3]!.state).toBe('upcoming');
  });
});
