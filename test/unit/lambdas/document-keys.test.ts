/**
 * Document storage keys and magic-byte checks (spec provider-side section 3): the key builder and
 * parser of lambdas/document/keys.ts, the type checks of lambdas/document/magic.ts, and the
 * Content-Disposition of download links.
 */
import './support/env';
import {
  caseDocumentKey,
  keySafeEmail,
  parseDocumentKey,
  profileDocumentKey,
  profileStagingKey,
  stagingKey,
} from '../../../lambdas/document/keys';
import { contentTypeFor, isUtf8Text, matchesExtension } from '../../../lambdas/document/magic';
import { contentDisposition } from '../../../lambdas/lib/storage';

const OWNER = '0f5e7a2c-1b3d-4e5f-8a9b-0c1d2e3f4a5b';
const CASE = `${OWNER}_1767225600000`;

describe('the key builder', () => {
  it.each([
    ['demographic_sheet', 'PDF', `private/case-documents/${OWNER}/demo_${CASE}.pdf`],
    ['op_note', 'docx', `private/case-documents/${OWNER}/op_${CASE}.docx`],
    ['misc', 'png', `private/case-documents/${OWNER}/misc_${CASE}_1767225601234.png`],
  ] as const)('builds the %s key from the spec layout', (slot, ext, expected) => {
    // Act
    const key = caseDocumentKey({ ownerId: OWNER, caseId: CASE, slot, ext, timestampMs: 1767225601234 });
    // Assess
    expect(key).toBe(expected);
  });

  it('builds a profile key from the user id and a key-safe email', () => {
    // Act
    const key = profileDocumentKey({
      userId: OWNER,
      email: "Dr.O'Neil+office/../x@Example.com",
      ext: 'pdf',
      timestampMs: 1767225601234,
    });
    // Assess
    expect(key).toBe(`private/profile-documents/${OWNER}/dr.o_neil_office___x@example.com_1767225601234.pdf`);
    expect(parseDocumentKey(key)).toEqual({
      kind: 'profile',
      key,
      userId: OWNER,
      ext: 'pdf',
      attachAs: key,
      staged: false,
    });
  });

  it('stages a profile upload under private/uploads/, attached under its profile key', () => {
    // Act
    const input = {
      userId: OWNER,
      email: 'Ada@Example.com',
      ext: 'pdf',
      timestampMs: 1767225601234,
      nonce: '0a1b2c3d',
    };
    const key = profileStagingKey(input);
    // Assess
    expect(key).toBe(`private/uploads/${OWNER}/profile_ada@example.com_1767225601234-0a1b2c3d.pdf`);
    expect(parseDocumentKey(key)).toEqual({
      kind: 'profile',
      key,
      userId: OWNER,
      ext: 'pdf',
      attachAs: profileDocumentKey(input),
      staged: true,
    });
  });

  it('makes an email key-safe: no slashes, no parent segments, never empty', () => {
    expect(keySafeEmail('a/../b@x.org')).toBe('a___b@x.org');
    expect(keySafeEmail('  ')).toBe('user');
    expect(keySafeEmail('ünï@x.org')).toBe('_n_@x.org');
  });

  it('refuses ids that a key cannot hold and extensions outside the list', () => {
    expect(() => caseDocumentKey({ ownerId: '../x', caseId: CASE, slot: 'op_note', ext: 'pdf' })).toThrow(RangeError);
    expect(() => caseDocumentKey({ ownerId: OWNER, caseId: 'a/b', slot: 'op_note', ext: 'pdf' })).toThrow(RangeError);
    expect(() => caseDocumentKey({ ownerId: OWNER, caseId: CASE, slot: 'op_note', ext: 'exe' })).toThrow(RangeError);
  });
});

describe('the key parser', () => {
  it('reads back what the builder built, with the slot and the case', () => {
    const misc = caseDocumentKey({
      ownerId: OWNER,
      caseId: CASE,
      slot: 'misc',
      ext: 'txt',
      timestampMs: 1767225601234,
    });
    expect(parseDocumentKey(misc)).toEqual({
      kind: 'case',
      key: misc,
      ownerId: OWNER,
      caseId: CASE,
      slot: 'misc',
      ext: 'txt',
      attachAs: misc,
      staged: false,
    });
    const demo = caseDocumentKey({ ownerId: OWNER, caseId: CASE, slot: 'demographic_sheet', ext: 'jpeg' });
    expect(parseDocumentKey(demo)).toMatchObject({ slot: 'demographic_sheet', caseId: CASE, ownerId: OWNER });
  });

  it('reads a staging key with the layout key it is attached under', () => {
    // Prepare
    const key = stagingKey({
      ownerId: OWNER,
      caseId: CASE,
      slot: 'op_note',
      ext: 'pdf',
      timestampMs: 1767225609999,
      nonce: 'ffee0011',
    });
    // Act
    const parsed = parseDocumentKey(key);
    // Assess: the case id keeps its own `_<ms>`; the upload's timestamp and nonce are the last segment
    expect(key).toBe(`private/uploads/${OWNER}/op_${CASE}_1767225609999-ffee0011.pdf`);
    expect(parsed).toEqual({
      kind: 'case',
      key,
      ownerId: OWNER,
      caseId: CASE,
      slot: 'op_note',
      ext: 'pdf',
      attachAs: `private/case-documents/${OWNER}/op_${CASE}.pdf`,
      staged: true,
    });
    expect(parseDocumentKey(`private/uploads/${OWNER}/misc_${CASE}_1767225609999.pdf`)).toMatchObject({
      slot: 'misc',
      attachAs: `private/case-documents/${OWNER}/misc_${CASE}_1767225609999.pdf`,
      staged: true,
    });
    expect(parseDocumentKey(`private/uploads/${OWNER}/misc_${CASE}_1767225609999-0a1b2c3d.pdf`)).toMatchObject({
      slot: 'misc',
      attachAs: `private/case-documents/${OWNER}/misc_${CASE}_1767225609999-0a1b2c3d.pdf`,
      staged: true,
    });
    expect(parseDocumentKey(`private/uploads/${OWNER}/note_${CASE}_1767225609999.pdf`)).toBeUndefined();
    expect(parseDocumentKey(`private/uploads/${OWNER}/../op_${CASE}_1767225609999.pdf`)).toBeUndefined();
  });

  it('gives uploads requested in the same millisecond different keys, each attached under its own key', () => {
    // Prepare: the same user, case and time three times over
    const profile = { userId: OWNER, email: 'ada@example.com', ext: 'pdf', timestampMs: 1767225601234 };
    const misc = { ownerId: OWNER, caseId: CASE, slot: 'misc', ext: 'pdf', timestampMs: 1767225601234 } as const;
    // Act
    const profileKeys = [1, 2, 3].map(() => profileStagingKey(profile));
    const miscKeys = [1, 2, 3].map(() => stagingKey(misc));
    // Assess
    for (const keys of [profileKeys, miscKeys]) {
      expect(new Set(keys).size).toBe(3);
      expect(new Set(keys.map((k) => parseDocumentKey(k)?.attachAs)).size).toBe(3);
    }
  });

  it('reads keys stored before the nonce (timestamp only) and refuses a malformed nonce', () => {
    const old = `private/profile-documents/${OWNER}/ada@example.com_1767225601234.pdf`;
    expect(parseDocumentKey(old)).toMatchObject({ kind: 'profile', attachAs: old, staged: false });
    expect(parseDocumentKey(`private/case-documents/${OWNER}/misc_${CASE}_1767225601234.pdf`)).toMatchObject({
      slot: 'misc',
    });
    expect(parseDocumentKey(old.replace('.pdf', '-0A1B2C3D.pdf'))).toBeUndefined();
    expect(parseDocumentKey(old.replace('.pdf', '-0a1b.pdf'))).toBeUndefined();
    expect(() => profileStagingKey({ userId: OWNER, email: 'a@x.org', ext: 'pdf', nonce: '../x' })).toThrow(RangeError);
  });

  const good = `private/case-documents/${OWNER}/op_${CASE}.pdf`;
  it.each([
    ['a parent segment', `private/case-documents/${OWNER}/../${OWNER}/op_${CASE}.pdf`],
    ['a parent segment at the start', `../private/case-documents/${OWNER}/op_${CASE}.pdf`],
    ['an absolute path', `/${good}`],
    ['another prefix', good.replace('private/', 'public/')],
    ['another folder', good.replace('case-documents', 'other-documents')],
    ['percent-encoding', good.replace('/op_', '/%2e%2e/op_')],
    ['an encoded slash', good.replace('/op_', '%2Fop_')],
    ['a backslash', good.replace('/op_', '\\op_')],
    ['a double slash', good.replace('/op_', '//op_')],
    ['a NUL', `${good}\u0000.png`],
    ['an unknown extension', good.replace('.pdf', '.html')],
    ['an upper-case extension', good.replace('.pdf', '.PDF')],
    ['an unknown file prefix', good.replace('/op_', '/note_')],
    ['a trailing slash', `${good}/`],
    ['an empty text', ''],
    ['a non-text', 42],
    ['a key over 1024 characters', `private/case-documents/${OWNER}/op_${'a'.repeat(1100)}.pdf`],
  ])('refuses a key with %s', (_name, key) => {
    expect(parseDocumentKey(key)).toBeUndefined();
  });
});

describe('the magic-byte checks', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  const text = (s: string) => new TextEncoder().encode(s);

  it.each([
    ['pdf', text('%PDF-1.7\n')],
    ['docx', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0)],
    ['xlsx', bytes(0x50, 0x4b, 0x03, 0x04)],
    ['pptx', bytes(0x50, 0x4b, 0x03, 0x04)],
    ['doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0)],
    ['xls', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    ['ppt', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    ['jpg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xdb)],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)],
    ['rtf', text('{\\rtf1\\ansi')],
    ['txt', text('Plain notes, café ✓\n')],
  ])('accepts a %s that starts with its signature', (ext, head) => {
    expect(matchesExtension(ext, head)).toBe(true);
  });

  it.each([
    ['pdf', text('<html>')],
    ['pdf', text('%PD')],
    ['docx', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    ['doc', bytes(0x50, 0x4b, 0x03, 0x04)],
    ['jpg', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00)],
    ['rtf', text('{\\rt')],
    ['txt', bytes(0x48, 0x00, 0x49)],
    ['txt', bytes(0xc3, 0x28)],
    ['txt', bytes(0xff, 0xfe, 0x41, 0x00)],
    ['exe', bytes(0x4d, 0x5a)],
  ])('refuses a %s whose bytes do not match (%#)', (ext, head) => {
    expect(matchesExtension(ext, head)).toBe(false);
  });

  it('accepts UTF-8 cut in the middle of a character only when the read was truncated', () => {
    const cut = text('abc ✓').subarray(0, 5); // 'abc ' + the first byte of ✓
    expect(isUtf8Text(cut, true)).toBe(true);
    expect(isUtf8Text(cut, false)).toBe(false);
    expect(isUtf8Text(new Uint8Array([0x61, 0x80]), true)).toBe(false);
  });

  it('chooses the served content type from the extension', () => {
    expect(contentTypeFor('pdf')).toBe('application/pdf');
    expect(contentTypeFor('TXT')).toBe('text/plain; charset=utf-8');
    expect(contentTypeFor('html')).toBe('application/octet-stream');
  });
});

describe('the Content-Disposition of links', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Démo "sheet"(1).pdf')).toBe(
      `attachment; filename="D_mo _sheet_(1).pdf"; filename*=UTF-8''D%C3%A9mo%20%22sheet%22%281%29.pdf`,
    );
    expect(contentDisposition('inline', 'op.pdf')).toBe(`inline; filename="op.pdf"; filename*=UTF-8''op.pdf`);
  });
});
