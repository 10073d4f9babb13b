import { describe, expect, it } from 'vitest';
import { ConfigError, demoSeedWarning, loadConfig, trustProxyWarning } from './config.ts';

describe('DEMO_SEED', () => {
  it('defaults to the demo network in development and test, to an empty network in production', () => {
    expect(loadConfig({}).DEMO_SEED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_SEED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).DEMO_SEED).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_SEED: 'false' }).DEMO_SEED).toBe(false);
  });

  it('an explicit true in production is honoured and warned about; nowhere else', () => {
    const prod = loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'true' });
    expect(prod.DEMO_SEED).toBe(true);
    expect(demoSeedWarning(prod)).toMatch(/DEMO_SEED=true in production/);
    expect(demoSeedWarning(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
    expect(demoSeedWarning(loadConfig({ DEMO_SEED: 'true' }))).toBeNull();
  });

  it('a bad value stops the start with a message naming it', () => {
    expect(() => loadConfig({ DEMO_SEED: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRACKING_REFUSAL_LIMIT: '0' })).toThrow(/TRACKING_REFUSAL_LIMIT/);
  });
});

describe('TRACKING_LOG', () => {
  it('reads all, errors and sample:<rate>, errors by default', () => {
    expect(loadConfig({}).trackingLog).toEqual({ mode: 'errors' });
    expect(loadConfig({ TRACKING_LOG: 'all' }).trackingLog).toEqual({ mode: 'all' });
    expect(loadConfig({ TRACKING_LOG: 'sample:0.01' }).trackingLog).toEqual({ mode: 'sample', rate: 0.01 });
    expect(loadConfig({ TRACKING_LOG: 'sample:1' }).trackingLog).toEqual({ mode: 'sample', rate: 1 });
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['none', 'sample:0', 'sample:1.5', 'sample:', 'sample:-0.1', 'sample:1%']) {
      expect(() => loadConfig({ TRACKING_LOG: bad }), bad).toThrow(/TRACKING_LOG/);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes proxy addresses, or true with a warning', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(trustProxyWarning(loadConfig({ TRUST_PROXY: '10.0.0.1' }))).toBeNull();
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(trustProxyWarning(loadConfig({ TRUST_PROXY: 'true' }))).toMatch(/can be evaded/);
  });
});
