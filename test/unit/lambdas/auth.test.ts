import './support/env';
import { canActOnOwnedItem, getCaller, parseGroups, resolveOwnerScope } from '../../../lambdas/lib/auth';
import { ForbiddenError } from '../../../lambdas/lib/errors';
import { apiEvent } from './support/events';

describe('who a list call may read (resolveOwnerScope)', () => {
  it('gives a provider their own data when they pass no user_id or their own', () => {
    // Act & Assess
    expect(resolveOwnerScope({ callerId: 'me', userType: 0 })).toBe('me');
    expect(resolveOwnerScope({ callerId: 'me', userType: 0, requested: 'me', allowAll: true })).toBe('me');
  });

  it("refuses a provider (user_type 9) another user's id with the given message", () => {
    // Act
    const act = () =>
      resolveOwnerScope({
        callerId: 'me',
        userType: 9,
        requested: 'you',
        forbiddenMessage: 'No cases found or insufficient permissions',
      });
    // Assess
    expect(act).toThrow(ForbiddenError);
    expect(act).toThrow('No cases found or insufficient permissions');
  });

  it('gives back office (user_type 10) any user, and everyone when allowed and no id is given', () => {
    // Act & Assess
    expect(resolveOwnerScope({ callerId: 'admin', userType: 10, requested: 'you' })).toBe('you');
    expect(resolveOwnerScope({ callerId: 'admin', userType: 10, allowAll: true })).toBeUndefined();
    expect(resolveOwnerScope({ callerId: 'admin', userType: 10 })).toBe('admin');
  });

  it('does not let a provider read everyone even when the call allows it', () => {
    // Act & Assess
    expect(resolveOwnerScope({ callerId: 'me', userType: 5, allowAll: true })).toBe('me');
  });
});

describe('acting on an owned item (canActOnOwnedItem)', () => {
  it('allows the owner and back office, and refuses other providers', () => {
    // Act & Assess
    expect(canActOnOwnedItem('me', 0, 'me')).toBe(true);
    expect(canActOnOwnedItem('me', 9, 'you')).toBe(false);
    expect(canActOnOwnedItem('admin', 10, 'you')).toBe(true);
    expect(canActOnOwnedItem('admin', 10, 'you', false)).toBe(false);
  });
});

describe('the caller from the JWT claims', () => {
  it('reads sub, email and the groups in API Gateway form', () => {
    // Prepare
    const event = apiEvent({
      method: 'GET',
      path: '/user',
      sub: 'abc',
      claims: { email: 'a@b.example', 'cognito:groups': '[admin surgeon]' },
    });
    // Act
    const caller = getCaller(event);
    // Assess
    expect(caller).toEqual({ sub: 'abc', email: 'a@b.example', username: undefined, groups: ['admin', 'surgeon'] });
  });

  it('has no caller without an authorizer context', () => {
    // Act & Assess
    expect(getCaller(apiEvent({ method: 'GET', path: '/user' }))).toBeUndefined();
  });

  it('parses groups given as a JSON array, a list or one name', () => {
    // Act & Assess
    expect(parseGroups('["staff","admin"]')).toEqual(['staff', 'admin']);
    expect(parseGroups(['surgeon'])).toEqual(['surgeon']);
    expect(parseGroups('staff')).toEqual(['staff']);
    expect(parseGroups(undefined)).toEqual([]);
  });

  it("parses API Gateway's bracket form without taking it for JSON, and JSON with spaces or empty", () => {
    // Act & Assess
    expect(parseGroups('[surgeon]')).toEqual(['surgeon']);
    expect(parseGroups('[admin staff]')).toEqual(['admin', 'staff']);
    expect(parseGroups('[ "staff" ]')).toEqual(['staff']);
    expect(parseGroups('[]')).toEqual([]);
  });
});
