/** Texts of the dispute screens (beyond the spec, in the style of its messages: provider-side section 8). */
export const DISPUTE_SCREEN_MESSAGES = {
  unavailable: 'The dispute service is currently unavailable. Please try again in a moment.',
  loadFailed: (detail: string) => `Failed to load dispute: ${detail || 'Unknown error'}`,
  saveFailed: (detail: string) => `Failed to save dispute event: ${detail || 'Unknown error'}`,
  calculateFailed: (detail: string) => `Failed to calculate deadlines: ${detail || 'Unknown error'}`,
  oneDateRequired: 'Please enter at least one date',
  dateInvalid: (label: string) => `${label} must be a valid date`,
  dateRequired: 'Event date is required',
  typeRequired: 'Please select an event',
  amountRequired: 'Amount is required',
  amountInvalid: (max: number) =>
    `Amount must be a dollar amount from 0 to ${max.toLocaleString('en-US')}, with at most 2 decimals`,
  entityRequired: 'IDR entity name is required',
  selectedByRequired: 'Please select who selected the entity',
  partyRequired: 'Please select whose offer it is',
  prevailingRequired: 'Please select the prevailing party',
  reasonRequired: 'Reason is required',
  stepRequired: 'Please select the deadline to extend',
  newDueRequired: 'New due date is required',
  deleteReasonRequired: 'A reason is required to delete an event',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  detailKept: (label: string) => `${label} is required once recorded`,
  checkingDispute: 'Checking the dispute...',
  statusEventHelp:
    'This status stands for a dispute event: record it here. The case moves with it, and its status history names the event.',
  statusEventBlocked: (status: string, why: string) => `The case cannot move to ${status} yet: ${why}.`,
} as const;
