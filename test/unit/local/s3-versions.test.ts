/**
 * The copy source parser of the local S3 versions layer (local/s3-versions.ts): how S3 reads
 * `x-amz-copy-source` (bucket/key, optional leading slash, URL-encoded, optional ?versionId=).
 */
import { parseCopySource, versionsBucketName } from '../../../local/s3-versions';

describe('parseCopySource', () => {
  it('reads bucket, key and version id, the key URL-decoded as the AWS CLI and SDK send it', () => {
    // Prepare
    const sent = 'docs/private/profile-documents/u1/jane%40example.com_1700000000000.pdf?versionId=abc_DEF-123';
    // Act
    const parsed = parseCopySource(sent);
    // Assess
    expect(parsed).toEqual({
      bucket: 'docs',
      key: 'private/profile-documents/u1/jane@example.com_1700000000000.pdf',
      versionId: 'abc_DEF-123',
    });
  });

  it('accepts a leading slash and no version id', () => {
    // Prepare, Act
    const parsed = parseCopySource('/docs/private/a.pdf');
    // Assess
    expect(parsed).toEqual({ bucket: 'docs', key: 'private/a.pdf' });
  });

  it('refuses a source without a key or with broken percent-encoding', () => {
    // Prepare, Act, Assess
    expect(parseCopySource('docs')).toBeUndefined();
    expect(parseCopySource('docs/')).toBeUndefined();
    expect(parseCopySource('/docs/a%E0%A4%A.pdf')).toBeUndefined();
  });
});

describe('versionsBucketName', () => {
  it('names the hidden bucket after the versioned one', () => {
    // Prepare, Act, Assess
    expect(versionsBucketName('suture-local-documents')).toBe('suture-local-documents-versions');
  });
});
