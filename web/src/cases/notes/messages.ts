/** Texts of the notes thread of Case Details (beyond the spec, in the style of its messages: provider-side section 8). */
export const NOTE_SCREEN_MESSAGES = {
  unavailable: 'The notes service is currently unavailable. Please try again in a moment.',
  loadFailed: (detail: string) => `Failed to load notes: ${detail || 'Unknown error'}`,
  saveFailed: (detail: string) => `Failed to post note: ${detail || 'Unknown error'}`,
  unreadable: 'The server answered in a form this page cannot read. Please try again.',
  empty: 'No notes yet',
  emptyHint: 'Notes are shared between the practice and the billing office, and stay in this app.',
  posted: 'Note posted',
} as const;
