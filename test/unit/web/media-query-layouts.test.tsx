/**
 * @jest-environment jsdom
 */
/**
 * Layouts chosen by the viewport (web/src/components/useMediaQuery.ts) are right from the first
 * render: a desktop never draws the phone layout first and swaps it after an effect (a flash, and a
 * second render of the whole header), and a resize across the breakpoint still switches.
 */

import { setViewport } from './support/dom-env';
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { BetaNotice } from '../../../web/src/shell/BetaNotice';
import { UI_MESSAGES } from '../../../shared/messages';

/**
 * Render `ui`, returning for every commit React made of it (Amplify UI's primitives add a few of
 * their own) whether the DOM then held an element matching `selector`.
 */
function renderWatching(ui: React.ReactElement, selector: string): boolean[] {
  const held: boolean[] = [];
  render(
    <Profiler id="layout" onRender={() => held.push(document.querySelector(selector) !== null)}>
      {ui}
    </Profiler>,
  );
  return held;
}

describe('layouts by viewport', () => {
  beforeEach(() => window.localStorage.clear());

  it('draws the desktop beta notice in its first commit, never its phone button first', () => {
    // Prepare
    setViewport('desktop');

    // Act
    const phoneButtonPerCommit = renderWatching(<BetaNotice />, '.suture-beta-text');

    // Assess: no commit held the phone layout (a layout effect that corrects the viewport would)
    expect(phoneButtonPerCommit.length).toBeGreaterThan(0);
    expect(phoneButtonPerCommit.filter(Boolean)).toEqual([]);
    expect(screen.getByRole('status').textContent).toContain(UI_MESSAGES.betaNotice);
    expect(screen.queryByRole('button', { name: UI_MESSAGES.betaNotice })).toBeNull();
  });

  it('draws the phone beta notice as a button that expands, and follows a resize to desktop', () => {
    // Prepare
    setViewport('phone');
    renderWatching(<BetaNotice />, '.suture-beta-text');
    const button = screen.getByRole('button', { name: UI_MESSAGES.betaNotice });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    // Act
    act(() => setViewport('desktop'));

    // Assess
    expect(screen.queryByRole('button', { name: UI_MESSAGES.betaNotice })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain(UI_MESSAGES.betaNotice);
  });
});
