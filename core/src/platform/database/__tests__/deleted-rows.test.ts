import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Model } from 'objection';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.js';
import { deletedRows } from '../deleted-rows.js';

class Note extends Model {
  static override tableName = 'deleted_rows_notes';
  id!: number;
  topic!: string;
}

describe('deletedRows', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase({ migrate: false });
    await test.database.knex.schema.createTable(Note.tableName, (table) => {
      table.increments('id');
      table.string('topic').notNullable();
    });
    await test.database.knex(Note.tableName).insert(['a', 'a', 'b'].map((topic) => ({ topic })));
  });

  afterAll(async () => {
    await test.drop();
  });

  it('counts the rows a delete removed, on this database and on the other', async () => {
    const query = () => Note.query(test.database.knex).delete();
    expect(await deletedRows(query().where('topic', 'a'))).toBe(2);
    expect(await deletedRows(query().where('topic', 'a'))).toBe(0);
    expect(await test.database.knex(Note.tableName).pluck('topic')).toEqual(['b']);
  });
});
