/**
 * The plan of the demo disputes (local/seed-disputes.ts) on every day of a year: every case of
 * provider1 in statuses 40 to 90 gets a dispute whose events respect the case date, today and the
 * prerequisites, none moves its case, and the queue and the awards have each of their states.
 */
import {
  checkPrerequisites,
  computeDeadlines,
  nextDeadline,
  statusAfterEvent,
  type DeadlineState,
  type DisputeEventInput,
} from '../../../shared/dispute';
import { DISPUTE_STATUSES, planDisputes, type DisputeCase } from '../../../local/seed-disputes';
import { planCases } from '../../../local/seed';
import { addCalendarDays } from '../../../shared/dispute';

const DAY_MS = 86_400_000;

/** provider1's planned cases (as the seed plans them: 64 cases, PRNG seed 1000) on `today`. */
function provider1Cases(today: string): DisputeCase[] {
  const now = new Date(`${today}T17:00:00Z`);
  const surgeons = ['s1', 's2'];
  const facilities = ['f1'];
  return planCases('provider-1', 64, surgeons, facilities, now, 1000).map((p) => ({
    caseId: `provider-1_${p.createdMs}`,
    userId: p.userId,
    caseDate: p.caseDate,
    status: p.status,
  }));
}

/** Every 15th day of a year from 2026-11-26 (each weekday in turn, the year's federal holidays in the windows). */
const DAYS = Array.from({ length: 25 }, (_, i) => addCalendarDays('2026-11-26', i * 15));

describe('the demo disputes plan', () => {
  it('gives every case in statuses 40 to 90 a dispute that fits between its case date and today', () => {
    for (const today of DAYS) {
      // Prepare
      const cases = provider1Cases(today);
      const disputeCases = cases.filter((c) => DISPUTE_STATUSES.includes(c.status));

      // Act
      const plans = planDisputes(cases, today);

      // Assess
      expect(disputeCases).toHaveLength(36);
      expect(plans.map((p) => p.caseId).sort()).toEqual(disputeCases.map((c) => c.caseId).sort());
      for (const plan of plans) {
        const c = disputeCases.find((x) => x.caseId === plan.caseId)!;
        const dates = plan.events.map((e) => e.date);
        expect(dates[0]! > c.caseDate).toBe(true);
        expect(dates.at(-1)! <= today).toBe(true);
        expect([...dates].sort()).toEqual(dates);
        expect(Date.parse(today) - Date.parse(c.caseDate)).toBeLessThan(366 * DAY_MS);
      }
    }
  });

  it('records each event after its prerequisites and never moves a case', () => {
    // Prepare
    const today = '2026-11-26';
    const cases = provider1Cases(today);

    // Act
    const plans = planDisputes(cases, today);

    // Assess
    for (const plan of plans) {
      const status = cases.find((c) => c.caseId === plan.caseId)!.status;
      const recorded: DisputeEventInput[] = [];
      for (const event of plan.events) {
        expect(checkPrerequisites(recorded, event)).toBeNull();
        expect(statusAfterEvent(status, event.type)).toBeNull();
        recorded.push(event);
      }
      expect(plan.fields.payer_name).toMatch(/^[A-Z][A-Za-z ]+$/);
      expect(plan.fields.payer_contact).toMatch(/@[a-z-]+\.example\.com$/);
      expect(plan.fields.billed_amount_cents).toBeGreaterThan(0);
    }
  });

  it('leaves open, due-soon and overdue next deadlines, and paid, unpaid and overdue awards, on every day', () => {
    for (const today of DAYS) {
      // Prepare
      const plans = planDisputes(provider1Cases(today), today);

      // Act
      const next = new Map<DeadlineState, number>();
      const awards = { paid: 0, unpaid: 0, overdue: 0 };
      for (const plan of plans) {
        const deadlines = computeDeadlines(plan.events, { asOf: today });
        const n = nextDeadline(deadlines);
        if (n) next.set(n.state, (next.get(n.state) ?? 0) + 1);
        if (plan.events.some((e) => e.type === 'determination')) {
          const payment = deadlines.find((d) => d.step === 'award_payment_due' && d.basis.type === 'determination')!;
          if (plan.events.some((e) => e.type === 'award_paid')) awards.paid += 1;
          else if (payment.state === 'overdue') awards.overdue += 1;
          else awards.unpaid += 1;
        }
      }

      // Assess
      expect({ today, overdue: next.get('overdue'), dueSoon: next.get('due_soon'), open: next.get('open') }).toEqual({
        today,
        overdue: expect.any(Number),
        dueSoon: expect.any(Number),
        open: expect.any(Number),
      });
      expect(awards.paid).toBeGreaterThanOrEqual(3);
      expect(awards.unpaid).toBeGreaterThanOrEqual(2);
      expect(awards.overdue).toBeGreaterThanOrEqual(1);
    }
  });
});
