import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const S3 = {
  S3_ENDPOINT: 'https://s3.example.com/',
  S3_BUCKET: 'adwuma-documents',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'development', seedDemo: true, databaseUrl: undefined });
    expect(config.dataDir.endsWith('.data')).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ RATE_LIMIT_PER_MINUTE: 'lots' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ RATE_LIMIT_PER_MINUTE: '-1' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ GEOCODER_URL: 'nominatim.local' }, 'GEOCODER_URL'],
    [{ GEOCODER_URL: 'ftp://geo.example' }, 'GEOCODER_URL'],
    [{ BETTER_AUTH_SECRET: 'too-short' }, 'BETTER_AUTH_SECRET'],
    [{ REQUIRE_EMAIL_VERIFICATION: 'sometimes' }, 'REQUIRE_EMAIL_VERIFICATION'],
    [{ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }, 'OIDC_ISSUER'],
    [{ OIDC_ISSUER: 'https://id.example' }, 'OIDC_CLIENT_ID'],
    [{ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'a' }, 'OIDC_CLIENT_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' }, 'GOOGLE_CLIENT_SECRET'],
    [{ GOOGLE_CLIENT_SECRET: 'shh' }, 'GOOGLE_CLIENT_ID'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'docs' }, 'S3_ENDPOINT'],
    [{ S3_ENDPOINT: 'http://s3.local', S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_SECRET_ACCESS_KEY: 's', S3_ACCESS_KEY_ID: 'k', S3_BUCKET: 'docs' }, 'S3_ENDPOINT'],
    [{ ...S3, S3_ENDPOINT: 's3.local' }, 'S3_ENDPOINT'],
    [{ ...S3, S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
    [{ ...S3, S3_REGION: 'Europe West' }, 'S3_REGION'],
    [{ ...S3, S3_FORCE_PATH_STYLE: 'perhaps' }, 'S3_FORCE_PATH_STYLE'],
  ])('stops on %j with a message naming the variable', (env, name) => {
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toContain(`${name}:`);
  });

  it('reads DATABASE_URL, SEED_DEMO=false and a trailing-slash PUBLIC_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://adwuma.example/',
    });
    expect(config.databaseUrl).toBe('postgres://u@127.0.0.1:5432/db');
    expect(config.seedDemo).toBe(false);
    expect(config.publicUrl).toBe('https://adwuma.example');
  });

  it('reads GEOCODER_URL (default: none, the offline gazetteer)', () => {
    expect(loadConfig({}).geocoderUrl).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: 'http://127.0.0.1:8080/nominatim/' }).geocoderUrl).toBe(
      'http://127.0.0.1:8080/nominatim',
    );
  });

  it('reads the account settings: secret, email verification, Google or any OIDC issuer', () => {
    const none = loadConfig({});
    expect(none).toMatchObject({ authSecret: undefined, requireEmailVerification: false, oidc: null });

    const google = loadConfig({
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      REQUIRE_EMAIL_VERIFICATION: 'true',
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'shh',
    });
    expect(google).toMatchObject({
      authSecret: 'x'.repeat(32),
      requireEmailVerification: true,
      oidc: {
        issuer: 'https://accounts.google.com',
        clientId: 'id.apps.googleusercontent.com',
        clientSecret: 'shh',
      },
    });

    const oidc = loadConfig({
      OIDC_ISSUER: 'https://id.example/realms/adwuma/',
      OIDC_CLIENT_ID: 'adwuma',
      OIDC_CLIENT_SECRET: 'secret',
      GOOGLE_CLIENT_ID: 'ignored',
      GOOGLE_CLIENT_SECRET: 'ignored',
    });
    expect(oidc.oidc).toEqual({
      issuer: 'https://id.example/realms/adwuma',
      clientId: 'adwuma',
      clientSecret: 'secret',
    });
  });

  it('reads S3_* (all four or none; region and path style have defaults)', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig(S3).s3).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'adwuma-documents',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...S3, S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject({
      region: 'eu-west-1',
      forcePathStyle: false,
    });
  });
});
