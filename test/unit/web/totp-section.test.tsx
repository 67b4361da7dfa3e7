/**
 * @jest-environment jsdom
 */
/**
 * Two-step sign-in with an authenticator app (docs/security.md), with a fake MFA client and a fake
 * sign-in flow: the profile screen's setup (QR code and setup key, code check, wrong code, turning
 * on and off, a failed load) and the sign-in screen's code step. No network, no Amplify session.
 */
jest.mock('../../../web/src/auth/flows', () => ({ confirmSignIn: jest.fn() }));

import './support/dom-env';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import TotpSection, { MFA_SECTION_MESSAGES as M, groupSecret } from '../../../web/src/auth/TotpSection';
import { TotpCodeForm } from '../../../web/src/auth/PasswordForms';
import { TOTP_MESSAGES } from '../../../web/src/auth/totp';
import type { Banner } from '../../../web/src/auth/banner';
import type { MfaClient } from '../../../web/src/auth/mfa';
import { confirmSignIn } from '../../../web/src/auth/flows';

// As the fake-API tests (support/fake-api-server.ts): a busy CI worker, and qrcode loaded on first use.
configure({ asyncUtilTimeout: 10_000 });

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** A fake client: TOTP starts `on` or off; `verify` accepts only `good`. */
function fakeClient(options: { on?: boolean; good?: string; loadFails?: boolean } = {}) {
  const state = { on: options.on ?? false };
  const client = {
    isTotpOn: jest.fn(async () => {
      if (options.loadFails) throw Object.assign(new Error('offline'), { name: 'NetworkError' });
      return state.on;
    }),
    setUp: jest.fn(async (account: string) => ({
      secret: SECRET,
      uri: `otpauth://totp/Suture:${account}?secret=${SECRET}&issuer=Suture`,
    })),
    verify: jest.fn(async (code: string) => {
      if (code !== (options.good ?? '123456')) {
        throw Object.assign(new Error('Code mismatch'), { name: 'EnableSoftwareTokenMFAException' });
      }
    }),
    setTotp: jest.fn(async (on: boolean) => {
      state.on = on;
    }),
  } satisfies MfaClient;
  return client;
}

describe('the two-step sign-in section of the profile screen', () => {
  it('shows the QR code and the setup key, refuses a wrong code and turns TOTP on with the right one', async () => {
    // Prepare
    const client = fakeClient({ good: '123456' });
    render(<TotpSection accountName="ada@example.com" client={client} />);
    await screen.findByText(M.isOff);

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    const qr = await screen.findByRole('img', { name: M.qrAlt });
    const key = screen.getByTestId('totp-secret');
    const field = screen.getByLabelText(/Enter the 6-digit code/);
    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const wrong = await screen.findByText(TOTP_MESSAGES.codeMismatch);
    const onAfterWrong = client.setTotp.mock.calls.length;
    fireEvent.change(field, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    const done = await screen.findByText(M.turnedOn);

    // Assess
    expect(client.setUp).toHaveBeenCalledWith('ada@example.com');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(key.textContent).toBe(groupSecret(SECRET));
    expect(key.textContent?.replace(/\s/g, '')).toBe(SECRET);
    expect(wrong).toBeTruthy();
    expect(onAfterWrong).toBe(0);
    expect(client.verify.mock.calls).toEqual([['654321'], ['123456']]);
    expect(client.setTotp).toHaveBeenCalledWith(true);
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText(M.isOn)).toBeTruthy();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
  });

  it('asks for six digits before calling Cognito', async () => {
    // Prepare
    const client = fakeClient();
    render(<TotpSection accountName="ada@example.com" client={client} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const field = await screen.findByLabelText(/Enter the 6-digit code/);

    // Act
    fireEvent.change(field, { target: { value: '12a45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    // Assess
    expect(await screen.findByText(TOTP_MESSAGES.codeFormat)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(client.verify).not.toHaveBeenCalled();
  });

  it('turns TOTP off only after the user confirms', async () => {
    // Prepare
    const client = fakeClient({ on: true });
    render(<TotpSection accountName="ada@example.com" client={client} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off two-step sign-in' }));

    // Act
    const question = screen.getByText(M.confirmOff);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it on' }));
    const keptOn = screen.getByText(M.isOn);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));

    // Assess
    expect(question).toBeTruthy();
    expect(keptOn).toBeTruthy();
    expect(await screen.findByText(M.turnedOff)).toBeTruthy();
    expect(client.setTotp.mock.calls).toEqual([[false]]);
    expect(screen.getByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
  });

  it('says so when the settings cannot be loaded and loads them again on Retry', async () => {
    // Prepare
    const client = fakeClient({ loadFails: true });
    render(<TotpSection accountName="ada@example.com" client={client} />);

    // Act
    const alert = await screen.findByText(M.loadFailed);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    // Assess
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(client.isTotpOn).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
  });
});

describe('the code step of the sign-in screen', () => {
  function renderForm(onSignedIn = jest.fn()) {
    let banner: Banner | null = null;
    const setBanner = (b: Banner | null) => {
      banner = b;
      view.rerender(<TotpCodeForm onSignedIn={onSignedIn} onBack={jest.fn()} banner={banner} setBanner={setBanner} />);
    };
    const view = render(
      <TotpCodeForm onSignedIn={onSignedIn} onBack={jest.fn()} banner={banner} setBanner={setBanner} />,
    );
    return { onSignedIn };
  }

  afterEach(() => jest.mocked(confirmSignIn).mockReset());

  it('sends the code with confirmSignIn and signs in, after a wrong code said so', async () => {
    // Prepare
    jest
      .mocked(confirmSignIn)
      .mockRejectedValueOnce(Object.assign(new Error('Invalid code'), { name: 'CodeMismatchException' }))
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { onSignedIn } = renderForm();
    const field = screen.getByLabelText(/6-digit code/);

    // Act
    fireEvent.change(field, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const wrong = await screen.findByText(TOTP_MESSAGES.codeMismatch);
    fireEvent.change(field, { target: { value: '222222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    // Assess
    expect(wrong.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(jest.mocked(confirmSignIn).mock.calls).toEqual([
      [{ challengeResponse: '111111' }],
      [{ challengeResponse: '222222' }],
    ]);
  });
});
