/**
 * @jest-environment jsdom
 */
/**
 * The dismissible beta-testing notice (web/src/shell/BetaNotice.tsx): dismissing it keeps
 * keyboard focus on the page.
 */

import { setViewport } from './support/dom-env';
import { fireEvent, render, screen } from '@testing-library/react';
import { BetaNotice, BETA_NOTICE_KEY } from '../../../web/src/shell/BetaNotice';

describe('the beta notice', () => {
  beforeEach(() => window.localStorage.clear());

  it.each(['desktop', 'phone'] as const)(
    'moves keyboard focus to the main region when dismissed (%s), and stays dismissed',
    (viewport) => {
      // Prepare: the notice above the page's main region, as AppLayout places it
      setViewport(viewport);
      render(
        <>
          <BetaNotice />
          <main id="main" tabIndex={-1} />
        </>,
      );
      const dismiss = screen.getByRole('button', { name: 'Dismiss alert' });
      dismiss.focus();

      // Act
      fireEvent.click(dismiss);

      // Assess
      expect(screen.queryByRole('button', { name: 'Dismiss alert' })).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('main'));
      expect(window.localStorage.getItem(BETA_NOTICE_KEY)).toBe('1');
    },
  );
});
