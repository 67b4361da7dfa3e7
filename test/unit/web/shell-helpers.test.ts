/**
 * Pure helpers of the SPA shell: the sign-in return path, the sign-in
 * form rules, the NPI submit block, the unknown-CPT-code confirmation rule and the runtime config.
 */
import { HOME_PATH, safeReturnPath, signInPathFor } from '../../../web/src/auth/returnTo';
import { AUTH_MESSAGES, checkNewPassword, checkResetConfirm, checkSignIn } from '../../../web/src/auth/schemas';
import { npiSubmitBlock } from '../../../web/src/profile/ProfileFields';
import { hasExactCode, isCheckableCode, unconfirmedUnknownCodes } from '../../../web/src/cases/cptCheck';
import { DEFAULT_SUPPORT_EMAIL, RuntimeConfigSchema, parseRuntimeConfig } from '../../../shared/config';

describe('safeReturnPath', () => {
  it.each([
    ['/case/abc-123', '/case/abc-123'],
    ['/case/abc%2F123/edit?tab=docs#notes', '/case/abc%2F123/edit?tab=docs#notes'],
    ['/dashboard?status=10', '/dashboard?status=10'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['https://evil.example/case/1'],
    ['//evil.example/case/1'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['case/1'],
    ['/case/1\nSet-Cookie: x'],
    ['/auth'],
    ['/auth?next=/case/1'],
    ['/' + 'a'.repeat(2100)],
  ])('answers / for %p', (raw) => {
    expect(safeReturnPath(raw)).toBe(HOME_PATH);
  });

  it('normalises dot segments so that the result stays on the site', () => {
    expect(safeReturnPath('/case/../../etc/passwd')).toBe('/etc/passwd');
  });
});

describe('signInPathFor', () => {
  it('puts the asked path, encoded, into ?next=', () => {
    expect(signInPathFor('/case/u1_2025?x=1')).toBe(`/auth?next=${encodeURIComponent('/case/u1_2025?x=1')}`);
  });

  it('sends the home page and unsafe paths to plain /auth', () => {
    expect(signInPathFor('/')).toBe('/auth');
    expect(signInPathFor('//evil.example')).toBe('/auth');
  });

  it('round-trips through URLSearchParams to the same path', () => {
    const link = signInPathFor('/case/a b&c');
    const next = new URL(link, 'http://localhost').searchParams.get('next');
    expect(safeReturnPath(next)).toBe('/case/a%20b&c');
  });
});

describe('sign-in form rules', () => {
  it('trims the email and accepts a filled form', () => {
    expect(checkSignIn({ email: '  a@b.example ', password: 'x' })).toEqual({
      ok: true,
      values: { email: 'a@b.example', password: 'x' },
    });
  });

  it('names each missing or malformed field with the form message', () => {
    expect(checkSignIn({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: AUTH_MESSAGES.emailRequired, password: AUTH_MESSAGES.passwordRequired },
    });
    expect(checkSignIn({ email: 'not-an-email', password: 'x' })).toEqual({
      ok: false,
      errors: { email: AUTH_MESSAGES.emailInvalid },
    });
  });

  it('applies the password policy and the confirmation to a new password', () => {
    expect(checkNewPassword({ password: 'short', confirm: 'short' })).toEqual({
      ok: false,
      errors: { password: AUTH_MESSAGES.passwordPolicy },
    });
    expect(checkNewPassword({ password: 'Abcdefg1!', confirm: 'Abcdefg1?' })).toEqual({
      ok: false,
      errors: { confirm: AUTH_MESSAGES.passwordsDiffer },
    });
    expect(checkResetConfirm({ code: ' ', password: 'Abcdefg1!', confirm: 'Abcdefg1!' })).toEqual({
      ok: false,
      errors: { code: AUTH_MESSAGES.codeRequired },
    });
    expect(checkResetConfirm({ code: ' 123456 ', password: 'Abcdefg1!', confirm: 'Abcdefg1!' })).toEqual({
      ok: true,
      values: { code: '123456', password: 'Abcdefg1!', confirm: 'Abcdefg1!' },
    });
  });
});

describe('npiSubmitBlock', () => {
  it('blocks a submit after a failed check and says why', () => {
    expect(npiSubmitBlock({ status: 'invalid', message: 'NPI not found or invalid' })).toBe(
      'NPI not found or invalid. Correct the NPI number or validate it again before saving.',
    );
    expect(npiSubmitBlock({ status: 'invalid', message: 'Error validating NPI. Please try again.' })).toBe(
      'Error validating NPI. Please try again. Correct the NPI number or validate it again before saving.',
    );
  });

  it.each([
    [{ status: 'idle' as const }],
    [{ status: 'validating' as const }],
    [{ status: 'valid' as const, message: 'ok' }],
  ])('lets the submit through when the last check did not fail (%p)', (state) => {
    expect(npiSubmitBlock(state)).toBeNull();
  });
});

describe('unknown CPT codes', () => {
  const known = new Map<string, boolean | undefined>([
    ['47562', true],
    ['99999', false],
    ['A1234', false],
    ['12345', undefined],
  ]);
  const lookup = (code: string) => known.get(code);

  it('lists each looked-up code missing from the list once, in form order, unless confirmed', () => {
    expect(unconfirmedUnknownCodes(['47562', ' 99999', 'a1234', '99999', '12345', ''], lookup, new Set())).toEqual([
      '99999',
      'A1234',
    ]);
    expect(unconfirmedUnknownCodes(['99999', 'A1234'], lookup, new Set(['99999']))).toEqual(['A1234']);
  });

  it('ignores codes of the wrong shape (the schema reports those) and codes not looked up', () => {
    expect(unconfirmedUnknownCodes(['999', 'ABCDE', '12345'], lookup, new Set())).toEqual([]);
    expect(isCheckableCode('0001F')).toBe(true);
    expect(isCheckableCode('9999')).toBe(false);
  });

  it('matches the exact code only, case-insensitively', () => {
    expect(hasExactCode([{ cpt_code: '99991' }, { cpt_code: '19999' }], '99999')).toBe(false);
    expect(hasExactCode([{ cpt_code: 'g0105' }], 'G0105')).toBe(true);
  });
});

describe('runtime configuration', () => {
  const base = { region: 'us-east-1', apiUrl: 'https://api.example/x', userPoolId: 'p', userPoolClientId: 'c' };

  it('applies the stage, support address and debug pages defaults', () => {
    expect(parseRuntimeConfig(base)).toEqual({
      ...base,
      stage: 'local',
      supportEmail: DEFAULT_SUPPORT_EMAIL,
      debugPages: false,
    });
  });

  it('keeps debugPages when it is a boolean and refuses any other value', () => {
    expect(parseRuntimeConfig({ ...base, debugPages: true }).debugPages).toBe(true);
    expect(parseRuntimeConfig({ ...base, debugPages: false }).debugPages).toBe(false);
    expect(() => parseRuntimeConfig({ ...base, debugPages: 'true' })).toThrow(/debugPages must be a boolean/);
  });

  it('keeps a configured support address and the local Cognito endpoint', () => {
    const config = parseRuntimeConfig({ ...base, supportEmail: 'help@clinic.example', userPoolEndpoint: 'http://x' });
    expect(config.supportEmail).toBe('help@clinic.example');
    expect(config.userPoolEndpoint).toBe('http://x');
  });

  it('refuses missing fields and a malformed support address, naming them', () => {
    expect(() => parseRuntimeConfig({ ...base, apiUrl: '' })).toThrow(/apiUrl/);
    expect(() => parseRuntimeConfig({ ...base, supportEmail: 'not an address' })).toThrow(/supportEmail/);
    expect(RuntimeConfigSchema.safeParse([]).success).toBe(false);
  });
});
