import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
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
});
