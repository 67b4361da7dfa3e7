/**
 * The user management rules and response readers of shared/schemas/users.ts (spec back-office-and-shell;
 * spec back-office-and-shell sections 3, 6 and 7).
 */
import {
  USER_MGMT_MESSAGES,
  UserListPageSchema,
  assignableUserTypes,
  deleteAboveMessage,
  normalizeUser,
  typeAboveOwnMessage,
  userDeleteRefusal,
  userFromResponse,
  userTypeChangeRefusal,
} from '../../../shared/schemas/users';

describe('userDeleteRefusal (the largest deletable type is the caller’s own minus 1)', () => {
  it.each([
    [20, 19, undefined],
    [20, 20, deleteAboveMessage(20)],
    [50, 49, undefined],
    [50, 50, deleteAboveMessage(50)],
    [1000, 999, undefined],
    [1000, 1000, deleteAboveMessage(1000)],
    [1000, 5000, deleteAboveMessage(1000)],
    [10, 0, USER_MGMT_MESSAGES.accessDenied],
    [19, 0, USER_MGMT_MESSAGES.accessDenied],
    [0, 0, USER_MGMT_MESSAGES.accessDenied],
  ])('a caller of type %i deleting a user of type %i: %p', (callerType, targetType, expected) => {
    // Act & Assess
    expect(userDeleteRefusal({ callerType, targetType })).toBe(expected);
  });
});

describe('userTypeChangeRefusal', () => {
  it.each([
    [{ callerType: 20, targetType: 0, newType: 19, self: false }, undefined],
    [{ callerType: 20, targetType: 0, newType: 20, self: false }, typeAboveOwnMessage(20)],
    [{ callerType: 20, targetType: 19, newType: 0, self: false }, undefined],
    [{ callerType: 20, targetType: 20, newType: 0, self: false }, USER_MGMT_MESSAGES.targetNotBelow],
    [{ callerType: 1000, targetType: 100, newType: 999, self: false }, undefined],
    [{ callerType: 1000, targetType: 1000, newType: 0, self: true }, USER_MGMT_MESSAGES.ownType],
    [{ callerType: 10, targetType: 0, newType: 5, self: false }, USER_MGMT_MESSAGES.accessDenied],
  ])('%p -> %p', (input, expected) => {
    // Act & Assess
    expect(userTypeChangeRefusal(input)).toBe(expected);
  });
});

describe('assignableUserTypes', () => {
  it('offers the thresholds below the caller’s own, plus the user’s current type when it is below', () => {
    // Act & Assess
    expect(assignableUserTypes(20)).toEqual([0, 10]);
    expect(assignableUserTypes(100, 7)).toEqual([0, 7, 10, 20, 50]);
    expect(assignableUserTypes(50, 60)).toEqual([0, 10, 20]);
    expect(assignableUserTypes(0)).toEqual([]);
  });
});

describe('reading user answers', () => {
  it('reads the spec’s alternate names of a user', () => {
    // Act
    const user = normalizeUser({
      id: 'u1',
      email: 'a@example.com',
      address1: '1 Main ST',
      zip_code: '04101',
      phone: '2075550142',
      npi: 1234567893,
      created_at: '2026-01-01T00:00:00Z',
      user_type: '20',
      states_licensed: 'ME, NH',
    });
    // Assess
    expect(user).toMatchObject({
      user_id: 'u1',
      user_email: 'a@example.com',
      addr1: '1 Main ST',
      zipcode: '04101',
      telephone: '2075550142',
      user_npi: '1234567893',
      createdAt: '2026-01-01T00:00:00Z',
      user_type: 20,
      states_licensed: ['ME', 'NH'],
    });
    expect(normalizeUser({ first_name: 'no id' })).toBeUndefined();
  });

  it('reads a list under users, data or bare, and refuses anything else', () => {
    // Act
    const paged = UserListPageSchema.parse({ users: [{ user_id: 'a' }], next_cursor: 'c', total: 9 });
    const data = UserListPageSchema.parse({ data: [{ user_id: 'a' }, { user_id: 'b' }] });
    const bare = UserListPageSchema.parse([{ user_id: 'a' }]);
    const bad = UserListPageSchema.safeParse({ users: 'x' });
    // Assess
    expect(paged).toMatchObject({ next_cursor: 'c', total: 9, total_is_lower_bound: false });
    expect(data.total).toBe(2);
    expect(bare.users.map((u) => u.user_id)).toEqual(['a']);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(USER_MGMT_MESSAGES.invalidList);
  });

  it('finds the user under user, data.user or body (object or JSON text)', () => {
    // Act & Assess
    expect(userFromResponse({ user: { user_id: 'a' } })?.user_id).toBe('a');
    expect(userFromResponse({ data: { user: { user_id: 'b' } } })?.user_id).toBe('b');
    expect(userFromResponse({ body: JSON.stringify({ user_id: 'c' }) })?.user_id).toBe('c');
    expect(userFromResponse({ body: '{broken' })).toBeUndefined();
    expect(userFromResponse({ success: true })).toBeUndefined();
  });
});
