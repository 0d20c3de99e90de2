import { ConfigError, loadConfig } from '../../src/config/config';
import { CRASH_POINTS, parseCrashPlan } from '../../src/shared/crash-point';

describe('test-only crash points and seed source (issue 14)', () => {
  it('reads UMPIRE_CRASH_AT in test mode only', () => {
    expect(parseCrashPlan('append:2, outbox-sent:1', 'test')).toEqual(
      new Map([
        ['append', 2],
        ['outbox-sent', 1],
      ]),
    );
    expect(parseCrashPlan('append:2', 'production')).toBeNull();
    expect(parseCrashPlan('append:2', 'development')).toBeNull();
    expect(parseCrashPlan(undefined, 'test')).toBeNull();
  });

  it('names the points when a plan is malformed', () => {
    expect(() => parseCrashPlan('apend:1', 'test')).toThrow(new RegExp(CRASH_POINTS.join(', ')));
    expect(() => parseCrashPlan('append:0', 'test')).toThrow(/"append:0" is not <point>:<n>/);
  });

  it('refuses to configure a process outside tests with a crash plan or a known seed', () => {
    for (const NODE_ENV of ['production', 'development']) {
      const env = { NODE_ENV, UMPIRE_SECRET: 'x'.repeat(32), UMPIRE_TEST_SEED: 'known', UMPIRE_CRASH_AT: 'append:1' };
      expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(ConfigError);
      expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(/UMPIRE_TEST_SEED: set, but it is for tests only/);
    }
    expect(loadConfig({ NODE_ENV: 'test', UMPIRE_TEST_SEED: 'known' } as NodeJS.ProcessEnv).UMPIRE_TEST_SEED).toBe('known');
  });
});
