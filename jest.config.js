/** Tiers by file name: *.spec.ts pure unit tests; *.int-spec.ts real PostgreSQL/Redis; *.e2e-spec.ts real mail servers. */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // NestJS 12 and Crisp's mail parsers ship ES modules only; Jest on Node 20 cannot require() them, so swc compiles them too.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|uid|load-esm|email-reply-parser|email-forward-parser)/)'],
  transform: {
    '^.+/node_modules/.+\\.m?js$': ['@swc/jest', { module: { type: 'commonjs' }, jsc: { target: 'es2022' } }],
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 60000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
