import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { containsPattern, escapeLike } from '../like-pattern.js';

describe('like patterns', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase({ migrate: false });
  });

  afterAll(async () => {
    await test.drop();
  });

  const names = ['50% off', '50 and more off', 'snake_case', 'snakeXcase', 'back\\slash', 'backslash'];

  async function matching(pattern: string): Promise<string[]> {
    const rows = names.map(() => 'select ? as name').join(' union all ');
    const { rows: found } = await test.database.knex.raw<{ rows: { name: string }[] }>(
      `select name from (${rows}) as candidates where name ilike ? order by name`,
      [...names, pattern],
    );
    return found.map((row) => row.name);
  }

  it('matches %, _ and \\ in a search as the characters typed, not as wildcards', async () => {
    expect(await matching(containsPattern('0% o'))).toEqual(['50% off']);
    expect(await matching(containsPattern('e_c'))).toEqual(['snake_case']);
    expect(await matching(containsPattern('k\\s'))).toEqual(['back\\slash']);
    expect(await matching(`${escapeLike('snake_')}%`)).toEqual(['snake_case']);
  });
});
