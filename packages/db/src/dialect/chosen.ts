import { databaseKind } from '../tables';
import type { Dialect } from './dialect';
import { pgDialect } from './pg';
import { sqliteDialect } from './sqlite';

/** The dialect of this process's database (tables.ts chose it), seen through SQLite's types. */
export const dialect: Dialect =
  databaseKind === 'postgres' ? (pgDialect as unknown as Dialect) : sqliteDialect;
