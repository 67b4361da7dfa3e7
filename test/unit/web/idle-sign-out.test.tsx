/**
 * @jest-environment jsdom
 */
/**
 * Sign-out after inactivity (web/src/auth/IdleSignOut.tsx; HIPAA 45 CFR 164.312(a)(2)(iii)): the
 * warning one minute before, its countdown, "Stay Signed In", "Sign Out", activity that resets the
 * clock, and the sign-in screen's notice afterwards. Fake timers, and the real auth provider over
 * a faked Amplify session and sign-out: no network.
 */
const amplifySignOut = jest.fn(async () => undefined);
jest.mock('../../../web/src/auth/signOutFlow', () => ({ signOut: () => amplifySignOut() }));
/** The session the faked Amplify holds: a signed-in user, or none (null). */
let mockSessionUser: { sub: string; email: string } | null = null;
jest.mock('../../../web/src/auth/session', () => ({
  checkSignedIn: async () => mockSessionUser,
  readSessionUser: async () => mockSessionUser,
}));

import './support/dom-env';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AUTH_MESSAGES } from '../../../shared/messages-shell';
import { IDLE_MESSAGES } from '../../../shared/messages';
import AuthPage from '../../../web/src/auth/AuthPage';
import { AuthProvider, idleSignOutNoticeDue } from '../../../web/src/auth/AuthProvider';

const MINUTE = 60_000;
const dialog = () => screen.queryByRole('dialog');
const advance = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
};

// react-idle-timer keeps the timer functions it finds when it is loaded: install the fake clock once,
// then load it.
let IdleSignOut: typeof import('../../../web/src/auth/IdleSignOut').default;
let IDLE_SIGN_OUT_MS: number;
let IDLE_PROMPT_MS: number;
beforeAll(async () => {
  jest.useFakeTimers();
  ({ default: IdleSignOut, IDLE_SIGN_OUT_MS, IDLE_PROMPT_MS } = await import('../../../web/src/auth/IdleSignOut'));
});
afterAll(() => {
  jest.useRealTimers();
});
beforeEach(() => {
  amplifySignOut.mockClear();
  sessionStorage.clear();
  mockSessionUser = { sub: 'u-1', email: 'ada@example.com' };
});

/** The warning under the real auth provider, whose sign-out calls the faked Amplify one. */
function renderSignedIn() {
  return render(
    <MemoryRouter>
      <AuthProvider>
        <IdleSignOut />
      </AuthProvider>
    </MemoryRouter>,
  );
}
afterEach(() => {
  jest.clearAllTimers();
});

describe('the inactivity sign-out', () => {
  it('warns a minute before 15 idle minutes, counts down, then signs out and leaves the notice', async () => {
    // Prepare
    renderSignedIn();

    // Act
    await advance(IDLE_SIGN_OUT_MS - IDLE_PROMPT_MS - 1000);
    const beforeWarning = dialog();
    await advance(1000);
    const warning = dialog();
    const firstText = warning?.textContent;
    await advance(20_000);
    const laterText = dialog()?.textContent;
    const signedOutEarly = amplifySignOut.mock.calls.length;
    await advance(40_000);

    // Assess
    expect(IDLE_SIGN_OUT_MS).toBe(15 * MINUTE);
    expect(AUTH_MESSAGES.idleSignedOut).toContain('15 minutes');
    expect(beforeWarning).toBeNull();
    expect(warning?.getAttribute('open')).not.toBeNull();
    expect(firstText).toContain(IDLE_MESSAGES.title);
    expect(firstText).toContain(IDLE_MESSAGES.warning(60));
    expect(laterText).toContain(IDLE_MESSAGES.warning(40));
    expect(signedOutEarly).toBe(0);
    expect(amplifySignOut).toHaveBeenCalledTimes(1);
    expect(idleSignOutNoticeDue()).toBe(true);
  });

  it('keeps the session when the user answers Stay Signed In, and warns again after another idle spell', async () => {
    // Prepare
    renderSignedIn();
    await advance(IDLE_SIGN_OUT_MS - IDLE_PROMPT_MS);

    // Act
    fireEvent.click(screen.getByRole('button', { name: IDLE_MESSAGES.stay }));
    const afterStay = dialog();
    await advance(IDLE_PROMPT_MS + 1000);
    const signOutsAfterWindow = amplifySignOut.mock.calls.length;
    await advance(IDLE_SIGN_OUT_MS - IDLE_PROMPT_MS * 2);
    const warnedAgain = dialog();

    // Assess
    expect(afterStay).toBeNull();
    expect(signOutsAfterWindow).toBe(0);
    expect(warnedAgain).not.toBeNull();
    expect(idleSignOutNoticeDue()).toBe(false);
  });

  it('signs out at once on Sign Out, without the inactivity notice', async () => {
    // Prepare
    renderSignedIn();
    await advance(IDLE_SIGN_OUT_MS - IDLE_PROMPT_MS);

    // Act
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: IDLE_MESSAGES.signOut }));
    });

    // Assess
    expect(amplifySignOut).toHaveBeenCalledTimes(1);
    expect(idleSignOutNoticeDue()).toBe(false);
    expect(dialog()).toBeNull();
  });

  it('starts the idle clock again on keyboard or pointer activity before the warning', async () => {
    // Prepare
    renderSignedIn();

    // Act: 10 minutes, a key, 10 more minutes, a mouse move, 10 more minutes
    await advance(10 * MINUTE);
    fireEvent.keyDown(document, { key: 'a' });
    await advance(10 * MINUTE);
    fireEvent.mouseMove(document);
    await advance(10 * MINUTE);
    const after30 = dialog();
    await advance(4 * MINUTE);

    // Assess: no warning 10 minutes after the last activity, a warning at 14
    expect(after30).toBeNull();
    expect(dialog()).not.toBeNull();
    expect(amplifySignOut).not.toHaveBeenCalled();
  });
});

describe('the sign-in screen after an inactivity sign-out', () => {
  it('says why once, and not on the next visit', async () => {
    // Prepare: signed out by the inactivity sign-out
    mockSessionUser = null;
    sessionStorage.setItem('suture.idleSignOut', '1');
    const signIn = () =>
      render(
        <MemoryRouter initialEntries={['/auth']}>
          <AuthProvider>
            <AuthPage />
          </AuthProvider>
        </MemoryRouter>,
      );

    // Act
    const first = signIn();
    await screen.findByRole('heading', { name: 'Sign In' });
    const shown = screen.queryByText(AUTH_MESSAGES.idleSignedOut);
    first.unmount();
    signIn();
    await screen.findByRole('heading', { name: 'Sign In' });

    // Assess
    expect(shown).not.toBeNull();
    expect(screen.queryByText(AUTH_MESSAGES.idleSignedOut)).toBeNull();
    expect(idleSignOutNoticeDue()).toBe(false);
  });
});
