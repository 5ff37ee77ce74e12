/**
 * Outside services for tests. Locally a test that needs Redis is skipped when REDIS_URL is unset;
 * in CI (CI=true) the same situation is a failure, so a missing service can never pass silently.
 */
export function redisUrlForTests(): string | undefined {
  const url = process.env.REDIS_URL;
  // The CI's second pass runs the embedded mode on purpose, without Redis.
  if (!url && process.env.CI === 'true' && process.env.SWITCHBOARD_EMBEDDED_RUN !== 'true') {
    throw new Error('REDIS_URL must be set when CI=true: this test needs a real Redis');
  }
  return url;
}

export function postgresUrlForTests(): string | undefined {
  const url = process.env.DATABASE_URL;
  if (!url && process.env.CI === 'true' && process.env.SWITCHBOARD_EMBEDDED_RUN !== 'true') {
    throw new Error('DATABASE_URL must be set when CI=true: this test needs a real PostgreSQL');
  }
  return url;
}
