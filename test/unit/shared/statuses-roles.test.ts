import { CASE_STATUSES, caseStatusByKey, caseStatusColor, caseStatusLabel } from '../../../shared/statuses';
import { canChangeCaseStatus, isBackOffice, roleLabel, toUserType } from '../../../shared/roles';
import { US_STATES, isUsStateCode } from '../../../shared/states';
import { INSURANCE_SUGGESTIONS } from '../../../shared/constants';

describe('case statuses (provider-side section 4)', () => {
  it('has ten statuses from 0 to 90 in steps of 10 with unique keys', () => {
    expect(CASE_STATUSES.map((s) => s.value)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(new Set(CASE_STATUSES.map((s) => s.key)).size).toBe(10);
  });

  it('maps filter keys and colours as the spec tables say', () => {
    expect(caseStatusByKey('insurance_payment_received')?.label).toBe('Received Payment');
    expect(caseStatusColor(70)).toBe('pink');
    expect(caseStatusColor(0)).toBe('red');
  });

  it('labels an unknown number as Unknown plus the number', () => {
    expect(caseStatusLabel(35)).toBe('Unknown 35');
    expect(caseStatusLabel(90)).toBe('Closed');
  });
});

describe('roles from user_type (back-office section 6)', () => {
  it('treats missing or non-numeric user_type as 0', () => {
    expect(toUserType(undefined)).toBe(0);
    expect(toUserType('abc')).toBe(0);
    expect(toUserType('20')).toBe(20);
  });

  it('gives back-office access and status changes from 10', () => {
    expect(isBackOffice(9)).toBe(false);
    expect(isBackOffice(10)).toBe(true);
    expect(canChangeCaseStatus(0)).toBe(false);
    expect(roleLabel(1000)).toBe('Super User');
    expect(roleLabel(100)).toBe('Global Admin');
    expect(roleLabel(50)).toBe('Report Admin');
    expect(roleLabel(20)).toBe('Case & User Admin');
    expect(roleLabel(5)).toBe('Provider');
  });
});

describe('reference lists', () => {
  it('has the 50 states without DC or territories', () => {
    expect(US_STATES).toHaveLength(50);
    expect(isUsStateCode('DC')).toBe(false);
    expect(isUsStateCode('PR')).toBe(false);
    expect(isUsStateCode('WY')).toBe(true);
  });

  it('has the 20 insurance suggestions', () => {
    expect(INSURANCE_SUGGESTIONS).toHaveLength(20);
    expect(INSURANCE_SUGGESTIONS).toContain('Blue Cross of California');
  });
});
