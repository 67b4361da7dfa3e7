/**
 * The XHR upload wrapper (web/src/documents/upload.ts; decision 0001-no-identity-pool-presigned-urls): bytes go straight to the
 * presigned URL with real progress. No network: a fake XMLHttpRequest records what would be sent.
 */
import { progressPercent, sendToStorage, storageErrorReason, UploadError } from '../../../web/src/documents/upload';
import { FakeXhr } from './support/fake-xhr';

const file = new Blob(['%PDF-1.7 test'], { type: 'application/pdf' });

beforeEach(() => {
  FakeXhr.instances = [];
});

describe('sendToStorage', () => {
  it('PUTs the file with exactly the signed headers and reports progress up to 100 once storage accepted it', async () => {
    // Prepare
    const seen: number[] = [];
    // Act
    const done = sendToStorage(
      {
        method: 'PUT',
        url: 'https://bucket/put?sig=1',
        headers: { 'Content-Type': 'application/pdf', 'x-amz-meta-a': 'b' },
      },
      file,
      { onProgress: (p) => seen.push(p), createXhr: () => new FakeXhr() },
    );
    const xhr = FakeXhr.instances[0]!;
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(200);
    await done;
    // Assess
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://bucket/put?sig=1');
    expect(xhr.headers).toEqual({ 'Content-Type': 'application/pdf', 'x-amz-meta-a': 'b' });
    expect(xhr.body).toBe(file);
    expect(seen).toEqual([0, 25, 99, 100]);
  });

  it('leaves Content-Length and Host to the browser, which refuses them from a page', async () => {
    // Prepare
    const done = sendToStorage(
      {
        method: 'PUT',
        url: 'https://bucket/put',
        headers: { 'Content-Length': '13', host: 'bucket', 'Content-Type': 'x/y' },
      },
      file,
      { createXhr: () => new FakeXhr() },
    );
    // Act
    const xhr = FakeXhr.instances[0]!;
    xhr.respond(200);
    await done;
    // Assess
    expect(xhr.headers).toEqual({ 'Content-Type': 'x/y' });
  });

  it('POSTs a multipart form with the policy fields first and the file last', async () => {
    // Prepare
    const done = sendToStorage(
      { method: 'POST', url: 'https://bucket/', fields: { key: 'private/k.pdf', Policy: 'p', 'X-Amz-Signature': 's' } },
      file,
      { createXhr: () => new FakeXhr() },
    );
    // Act
    const xhr = FakeXhr.instances[0]!;
    xhr.respond(204);
    await done;
    // Assess
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
    expect(form.get('key')).toBe('private/k.pdf');
    expect(xhr.headers).toEqual({});
  });

  it("rejects with 'Upload failed: {S3 message}' when storage refuses the upload", async () => {
    // Prepare
    const done = sendToStorage({ method: 'POST', url: 'https://bucket/', fields: {} }, file, {
      createXhr: () => new FakeXhr(),
    });
    // Act
    FakeXhr.instances[0]!.respond(
      400,
      'Bad Request',
      '<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
    );
    // Assess
    await expect(done).rejects.toEqual(new UploadError('Your proposed upload exceeds the maximum allowed size', 400));
    await expect(done).rejects.toThrow('Upload failed: Your proposed upload exceeds the maximum allowed size');
  });

  it('rejects with a network message and status 0 when the connection fails', async () => {
    // Prepare
    const done = sendToStorage({ method: 'PUT', url: 'https://bucket/put' }, file, { createXhr: () => new FakeXhr() });
    // Act
    FakeXhr.instances[0]!.fail();
    // Assess
    await expect(done).rejects.toMatchObject({
      name: 'UploadError',
      status: 0,
      message: 'Upload failed: Network error. Please check your internet connection.',
    });
  });

  it('aborts the request when the signal fires and rejects with an AbortError', async () => {
    // Prepare
    const controller = new AbortController();
    const done = sendToStorage({ method: 'PUT', url: 'https://bucket/put' }, file, {
      createXhr: () => new FakeXhr(),
      signal: controller.signal,
    });
    // Act
    controller.abort();
    // Assess
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.instances[0]!.aborted).toBe(true);
  });

  it('sends nothing when the signal was already aborted', async () => {
    // Prepare
    const controller = new AbortController();
    controller.abort();
    // Act
    const done = sendToStorage({ method: 'PUT', url: 'https://bucket/put' }, file, {
      createXhr: () => new FakeXhr(),
      signal: controller.signal,
    });
    // Assess
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.instances).toHaveLength(0);
  });
});

describe('progressPercent', () => {
  it.each([
    [0, 100, 0],
    [1, 3, 33],
    [50, 100, 50],
    [100, 100, 100],
    [150, 100, 100],
    [10, 0, 0],
  ])('%i of %i bytes is %i percent', (loaded, total, expected) => {
    // Act / Assess
    expect(progressPercent(loaded, total)).toBe(expected);
  });
});

describe('storageErrorReason', () => {
  it('falls back to the HTTP status when the answer has no S3 message', () => {
    // Act / Assess
    expect(storageErrorReason(403, 'Forbidden', '')).toBe('HTTP 403 Forbidden');
    expect(storageErrorReason(500, '', 'oops')).toBe('HTTP 500');
  });
});
