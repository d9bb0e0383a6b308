import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, integer, pgTable, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { integer as sqliteInteger, sqliteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { orderForCopy } from '../src/copy/copy-order';
import { pairTables } from '../src/copy/table-pairs';
import * as schema from '../src/schema';
import * as pgSchema from '../src/schema-pg';

// The order db:copy inserts tables in, read from the PostgreSQL schema's foreign keys.

describe("the copy's table order", () => {
  const ordered = orderForCopy(pairTables(schema, pgSchema));
  const position = new Map(ordered.map((pair, index) => [pair.name, index]));

  it('has every table of the schema once', () => {
    expect(ordered.map((pair) => pair.name).sort()).toEqual(
      pairTables(schema, pgSchema)
        .map((pair) => pair.name)
        .sort(),
    );
  });

  it('puts every table after the tables it references, but for its deferred references', () => {
    for (const pair of ordered) {
      const columns = getTableColumns(pair.pg);
      const deferred = pair.deferredKeys.map((key) => columns[key]?.name);
      for (const foreignKey of getTableConfig(pair.pg).foreignKeys) {
        const reference = foreignKey.reference();
        if (reference.columns.every((column) => deferred.includes(column.name))) continue;
        const referenced = getTableName(reference.foreignTable);
        expect(position.get(referenced), `${pair.name} → ${referenced}`).toBeLessThan(
          position.get(pair.name)!,
        );
      }
    }
  });

  it("defers only a question's accepted answer and the question it duplicates, the references in cycles", () => {
    expect(
      ordered
        .filter((pair) => pair.deferredKeys.length > 0)
        .map((pair) => [pair.name, pair.deferredKeys]),
    ).toEqual([['questions', ['acceptedAnswerId', 'duplicateOfId']]]);
  });

  it('defers a nullable reference of a table to itself', () => {
    const pgNodes = pgTable('nodes', {
      id: integer('id').primaryKey(),
      parentId: integer('parent_id').references((): AnyPgColumn => pgNodes.id),
    });
    const sqliteNodes = sqliteTable('nodes', {
      id: sqliteInteger('id').primaryKey(),
      parentId: sqliteInteger('parent_id'),
    });
    const [nodes] = orderForCopy(pairTables({ sqliteNodes }, { pgNodes }));
    expect(nodes?.deferredKeys).toEqual(['parentId']);
  });

  it('refuses tables that reference each other through NOT NULL columns only', () => {
    const pgA = pgTable('a', {
      id: integer('id').primaryKey(),
      bId: integer('b_id')
        .notNull()
        .references((): AnyPgColumn => pgB.id),
    });
    const pgB = pgTable('b', {
      id: integer('id').primaryKey(),
      aId: integer('a_id')
        .notNull()
        .references((): AnyPgColumn => pgA.id),
    });
    const sqliteA = sqliteTable('a', {
      id: sqliteInteger('id').primaryKey(),
      bId: sqliteInteger('b_id'),
    });
    const sqliteB = sqliteTable('b', {
      id: sqliteInteger('id').primaryKey(),
      aId: sqliteInteger('a_id'),
    });
    expect(() => orderForCopy(pairTables({ sqliteA, sqliteB }, { pgA, pgB }))).toThrow(
      'the tables a → b reference each other through NOT NULL columns only: no order can copy them',
    );
  });
});
