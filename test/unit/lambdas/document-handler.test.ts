/**
 * The document Lambda's internal event (deleting a case deletes its documents):
 * only layout keys of the named case are deleted, whatever else the payload lists. S3 is mocked.
 */
import './support/env';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import type { Context } from 'aws-lambda';
import { handler, isDeleteCaseDocumentsEvent } from '../../../lambdas/document/handler';

const s3Mock = mockClient(S3Client);
const OWNER = 'owner-1';
const CASE = `${OWNER}_1767225600000`;

beforeEach(() => {
  s3Mock.reset();
  s3Mock.on(DeleteObjectCommand).resolves({});
});

describe('the delete-case-documents event', () => {
  it("deletes the case's own layout keys and ignores every other key", async () => {
    // Prepare
    const own = [
      `private/case-documents/${OWNER}/demo_${CASE}.pdf`,
      `private/case-documents/${OWNER}/misc_${CASE}_1767225609999.png`,
    ];
    const foreign = [
      `private/case-documents/${OWNER}/op_${OWNER}_1767225600001.pdf`, // another case
      `private/case-documents/other/op_${CASE}.pdf`, // another owner folder
      `private/profile-documents/${OWNER}/a@b.c_1767225600000.pdf`,
      `private/case-documents/${OWNER}/../x/demo_${CASE}.pdf`,
      'public/index.html',
    ];

    // Act
    const result = await handler(
      { type: 'suture.delete-case-documents', case_id: CASE, owner_id: OWNER, keys: [...own, ...foreign, own[0]] },
      {} as Context,
    );

    // Assess
    expect(result).toEqual({ deleted: 2 });
    const deleted = s3Mock.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input);
    expect(deleted).toEqual(own.map((Key) => ({ Bucket: 'documents', Key })));
  });

  it('is told apart from API events', () => {
    expect(
      isDeleteCaseDocumentsEvent({ type: 'suture.delete-case-documents', case_id: 'c', owner_id: 'o', keys: [] }),
    ).toBe(true);
    expect(isDeleteCaseDocumentsEvent({ version: '2.0', routeKey: 'DELETE /document' })).toBe(false);
    expect(isDeleteCaseDocumentsEvent({ type: 'suture.delete-case-documents', case_id: 'c', keys: 'x' })).toBe(false);
    expect(isDeleteCaseDocumentsEvent(null)).toBe(false);
  });
});
