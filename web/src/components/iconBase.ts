/**
 * The attributes every icon of the SPA's one icon set shares (./icons.tsx, ./navIcons.tsx): a
 * 24 x 24 grid, 18 px on screen, a 2 px round stroke in the text's colour; decorative (`aria-hidden`,
 * not focusable), so the control around it carries the accessible name.
 */
export const ICON_BASE = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;
