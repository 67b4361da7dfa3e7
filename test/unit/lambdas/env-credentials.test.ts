import { defaultProvider } from '../../../lambdas/lib/env-credentials';

describe('the credential provider of the Lambda bundles', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('answers the role credentials Lambda puts in the environment', async () => {
    // Prepare
    process.env.AWS_ACCESS_KEY_ID = 'ASIAEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
    process.env.AWS_SESSION_TOKEN = 'session';

    // Act
    const credentials = await defaultProvider()();

    // Assess
    expect(credentials).toMatchObject({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'session',
    });
  });

  it('rejects when the environment holds no credentials', async () => {
    // Prepare
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;

    // Act & Assess
    await expect(defaultProvider()()).rejects.toThrow(/environment/i);
  });
});
