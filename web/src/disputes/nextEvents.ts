/**
 * Which events a stored dispute may record next, from the prerequisites of shared/dispute/events.ts
 * (`checkPrerequisites`: the order of 42 U.S.C. 300gg-111(c), closed after ineligible or withdrawn,
 * only the award payment after a settlement). Dates are left to the form and the server: the check
 * here is on order alone.
 */
import {
  DEADLINE_STEPS,
  DISPUTE_EVENT_TYPES,
  NON_EXTENDABLE_STEPS,
  checkPrerequisites,
  type DeadlineStep,
  type DisputeEventType,
} from '../../../shared/dispute/events';
import { EVENT_LABELS } from './labels';

/** A recorded event as the API answers it (its type is any text there). */
export interface RecordedEvent {
  type: string;
  date: string;
  step?: string;
}

/** A date after every recorded one: the check then reads the order of events only. */
const LATEST = '9999-12-31';

function known(events: readonly RecordedEvent[]) {
  return events.filter((e): e is RecordedEvent & { type: DisputeEventType } =>
    (DISPUTE_EVENT_TYPES as readonly string[]).includes(e.type),
  );
}

/** The steps an `extension` may move now: extendable, with the event it counts from recorded. */
export function extendableSteps(events: readonly RecordedEvent[]): DeadlineStep[] {
  const existing = known(events);
  return DEADLINE_STEPS.filter(
    (step) =>
      !NON_EXTENDABLE_STEPS.includes(step) &&
      checkPrerequisites(existing, { type: 'extension', date: LATEST, step }) === null,
  );
}

/** The event types that may be recorded after `events`, in the order of a dispute. */
export function allowedNextEvents(events: readonly RecordedEvent[]): DisputeEventType[] {
  const existing = known(events);
  return DISPUTE_EVENT_TYPES.filter((type) =>
    type === 'extension'
      ? extendableSteps(events).length > 0
      : checkPrerequisites(existing, { type, date: LATEST }) === null,
  );
}

const TYPE_NAMES = new RegExp(`\\b(${DISPUTE_EVENT_TYPES.join('|')})\\b`, 'g');

/**
 * Why `type` cannot be recorded after `events`, in the words of the screens ('IDR initiated needs
 * Open negotiation notice sent or ... recorded first'), or null when it can: the message of
 * `checkPrerequisites` with each event type named by its label.
 */
export function whyNotNext(events: readonly RecordedEvent[], type: DisputeEventType): string | null {
  const problem = checkPrerequisites(known(events), { type, date: LATEST });
  return problem && problem.message.replace(TYPE_NAMES, (name) => EVENT_LABELS[name as DisputeEventType]);
}
