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
    [{ LANDING_CLAIMS: 'providers=lots' }, 'LANDING_CLAIMS'],
    [{ LANDING_CLAIMS: 'customers=5+' }, 'LANDING_CLAIMS'],
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

describe('payments config', () => {
  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_test_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    STRIPE_PRICE_PRO_MONTHLY: 'price_pro_m',
    STRIPE_PRICE_PRO_ANNUAL: 'price_pro_a',
    STRIPE_PRICE_PREMIUM_MONTHLY: 'price_premium_m',
    STRIPE_PRICE_PREMIUM_ANNUAL: 'price_premium_a',
  };

  /** The problems loadConfig stops on (fails when it does not stop). */
  function problems(env: Record<string, string>): string[] {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    throw new Error(`expected ${JSON.stringify(env)} to be refused`);
  }

  it('defaults: the sandbox in development and test, no real gateways, the default cedi prices', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const config = loadConfig(NODE_ENV ? { NODE_ENV } : {});
      expect(config.payments).toEqual({
        sandbox: true,
        stripe: null,
        paystack: null,
        ghsPrices: {
          pro: { monthly: 15_000, annual: 150_000 },
          premium: { monthly: 60_000, annual: 600_000 },
        },
      });
    }
  });

  it('the sandbox is off in production unless PAYMENTS_SANDBOX=true, and PAYMENTS_SANDBOX=false turns it off', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).payments.sandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).payments.sandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' }).payments.sandbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'false' }).payments.sandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', PAYMENTS_SANDBOX: 'false' }).payments.sandbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PAYMENTS_SANDBOX: 'no' }).payments.sandbox).toBe(false);
    expect(loadConfig({ PAYMENTS_SANDBOX: '' }).payments.sandbox).toBe(true); // empty = unset
    expect(problems({ PAYMENTS_SANDBOX: 'sometimes' })).toEqual(['PAYMENTS_SANDBOX: must be true or false']);
  });

  it('reads the cedi prices into pesewas without floating point', () => {
    const config = loadConfig({
      PRICE_PRO_MONTHLY_GHS: '150.5',
      PRICE_PRO_ANNUAL_GHS: '1505',
      PRICE_PREMIUM_MONTHLY_GHS: '0.29',
      PRICE_PREMIUM_ANNUAL_GHS: '6000.07',
    });
    expect(config.payments.ghsPrices).toEqual({
      pro: { monthly: 15_050, annual: 150_500 },
      premium: { monthly: 29, annual: 600_007 },
    });
    // one set, the rest default
    expect(loadConfig({ PRICE_PREMIUM_ANNUAL_GHS: '7000' }).payments.ghsPrices).toEqual({
      pro: { monthly: 15_000, annual: 150_000 },
      premium: { monthly: 60_000, annual: 700_000 },
    });
  });

  it.each([
    ['abc', 'must be an amount in cedis such as 150 or 150.50'],
    ['1.234', 'must be an amount in cedis such as 150 or 150.50'],
    ['-5', 'must be an amount in cedis such as 150 or 150.50'],
    ['1e3', 'must be an amount in cedis such as 150 or 150.50'],
    ['150,00', 'must be an amount in cedis such as 150 or 150.50'],
    ['0', 'must be more than 0'],
    ['0.00', 'must be more than 0'],
  ])('refuses the cedi price %j, naming the variable', (value, message) => {
    for (const name of [
      'PRICE_PRO_MONTHLY_GHS',
      'PRICE_PRO_ANNUAL_GHS',
      'PRICE_PREMIUM_MONTHLY_GHS',
      'PRICE_PREMIUM_ANNUAL_GHS',
    ]) {
      expect(problems({ [name]: value })).toEqual([`${name}: ${message}`]);
    }
  });

  it.each(Object.keys(STRIPE))('refuses a partial Stripe set without %s, naming it', (missing) => {
    const env: Record<string, string> = { ...STRIPE };
    delete env[missing];
    const found = problems(env);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${missing}: is required when STRIPE_\\w+ is set$`));
  });

  it('refuses STRIPE_SECRET_KEY alone, naming the webhook secret and every price id', () => {
    expect(problems({ STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY })).toEqual([
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_PRO_MONTHLY: is required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_PRO_ANNUAL: is required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_PREMIUM_MONTHLY: is required when STRIPE_SECRET_KEY is set',
      'STRIPE_PRICE_PREMIUM_ANNUAL: is required when STRIPE_SECRET_KEY is set',
    ]);
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'pk_test_abc' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_PRICE_PRO_MONTHLY: 'prod_abc' }, 'STRIPE_PRICE_PRO_MONTHLY'],
    [{ STRIPE_API_URL: 'localhost:12111' }, 'STRIPE_API_URL'],
    [{ PAYSTACK_SECRET_KEY: 'pk_test_abc' }, 'PAYSTACK_SECRET_KEY'],
    [{ PAYSTACK_BASE_URL: 'api.paystack.co' }, 'PAYSTACK_BASE_URL'],
  ])('refuses a malformed %j, naming the variable', (env, name) => {
    const given = { ...STRIPE, PAYSTACK_SECRET_KEY: 'sk_test_ok', ...env };
    expect(problems(given).some((p) => p.startsWith(`${name}: must`))).toBe(true);
  });

  it('reads a full Stripe set (the API URL without its trailing slash)', () => {
    const config = loadConfig({ ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:12111/' });
    expect(config.payments.stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      prices: {
        pro: { monthly: 'price_pro_m', annual: 'price_pro_a' },
        premium: { monthly: 'price_premium_m', annual: 'price_premium_a' },
      },
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(loadConfig(STRIPE).payments.stripe?.apiUrl).toBeUndefined();
    expect(loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'rk_live_x1' }).payments.stripe?.secretKey).toBe(
      'rk_live_x1',
    );
    // real keys do not turn the sandbox off: it still serves the currencies without one
    expect(loadConfig(STRIPE).payments.sandbox).toBe(true);
  });

  it('reads PAYSTACK_SECRET_KEY, with https://api.paystack.co unless PAYSTACK_BASE_URL says otherwise', () => {
    expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_xyz' }).payments.paystack).toEqual({
      secretKey: 'sk_test_xyz',
      baseUrl: 'https://api.paystack.co',
    });
    expect(
      loadConfig({ PAYSTACK_SECRET_KEY: 'sk_live_xyz', PAYSTACK_BASE_URL: 'http://127.0.0.1:4010/' }).payments
        .paystack,
    ).toEqual({ secretKey: 'sk_live_xyz', baseUrl: 'http://127.0.0.1:4010' });
    // the base URL alone configures nothing
    expect(loadConfig({ PAYSTACK_BASE_URL: 'http://127.0.0.1:4010' }).payments.paystack).toBeNull();
  });

  it('reads the hourly SMS budgets (issue 29): 500 and 200 a prefix unless set; never 0', () => {
    expect(loadConfig({}).smsBudget).toEqual({ hourly: 500, hourlyPerPrefix: 200 });
    expect(loadConfig({ SMS_HOURLY_BUDGET: '1200', SMS_HOURLY_BUDGET_PER_PREFIX: '300' }).smsBudget).toEqual({
      hourly: 1200,
      hourlyPerPrefix: 300,
    });
    for (const [name, value] of [
      ['SMS_HOURLY_BUDGET', '0'],
      ['SMS_HOURLY_BUDGET', 'lots'],
      ['SMS_HOURLY_BUDGET_PER_PREFIX', '2.5'],
      ['SMS_HOURLY_BUDGET_PER_PREFIX', '-1'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(`${name}:`);
    }
  });
});
