import { DataSource, EntityManager, EntityMetadata, In, IsNull, ObjectLiteral } from 'typeorm';
import { Driver } from 'typeorm/driver/Driver';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * Hot reads by key (the DataLoaders' batches) without TypeORM's query builder and result transformer:
 * one SQL text per entity and key column, built once from the entity's metadata, sent with
 * `db.query` (so it is still counted and logged), and each row assigned to an entity instance.
 * In the profile of GET /v2/me the query builder and hydration were most of a subgraph request's CPU
 * (docs/performance.md). Entities whose columns TypeORM converts on read (transformers, date,
 * simple-json/array, embedded columns, eager relations) take the ordinary `findBy` path instead.
 */

/** Column types whose pg value is already what TypeORM would hydrate. */
const PLAIN_TYPES = new Set([
  'integer',
  'int',
  'int4',
  'smallint',
  'int2',
  'bigint',
  'int8',
  'numeric',
  'decimal',
  'double precision',
  'real',
  'float',
  'character varying',
  'varchar',
  'text',
  'character',
  'char',
  'citext',
  'uuid',
  'boolean',
  'bool',
  'jsonb',
  'json',
  'timestamp with time zone',
  'timestamptz',
  'enum',
]);

/** Key columns this path reads by, with the array type of the `= ANY($1)` parameter. */
const KEY_TYPES: Record<string, string> = {
  integer: 'int4',
  int: 'int4',
  int4: 'int4',
  bigint: 'int8',
  int8: 'int8',
  'character varying': 'text',
  varchar: 'text',
  text: 'text',
  uuid: 'uuid',
};

interface LeanPlan {
  /** `SELECT "col" AS "prop", … FROM "schema"."table"` */
  select: string;
  /** `"schema"."table"` */
  table: string;
  columns: Array<{ property: string; alias: string }>;
}

const plans = new WeakMap<EntityMetadata, LeanPlan | null>();

function isPlain(driver: Driver, column: ColumnMetadata): boolean {
  if (column.transformer || column.embeddedMetadata || column.relationMetadata) return false;
  const type = driver.normalizeType(column);
  return PLAIN_TYPES.has(type) && !(column.isArray && type === 'enum');
}

function planOf(driver: Driver, metadata: EntityMetadata): LeanPlan | null {
  if (plans.has(metadata)) return plans.get(metadata)!;
  let plan: LeanPlan | null = null;
  if (metadata.eagerRelations.length === 0 && metadata.columns.every((c) => isPlain(driver, c))) {
    const columns = metadata.columns.map((c, i) => ({ property: c.propertyName, alias: `c${i}`, name: c.databaseName }));
    const table = metadata.tablePath
      .split('.')
      .map((p) => `"${p}"`)
      .join('.');
    plan = { select: `SELECT ${columns.map((c) => `"${c.name}" AS "${c.alias}"`).join(', ')} FROM ${table}`, table, columns };
  }
  plans.set(metadata, plan);
  return plan;
}

/**
 * The entities whose `property` is one of `values` (`findBy({ [property]: In(values) })`), in no
 * particular order unless `orderBy` names properties (ascending, in that order).
 */
export async function leanFindBy<T extends ObjectLiteral>(
  db: DataSource | EntityManager,
  entity: new () => T,
  property: keyof T & string,
  values: readonly unknown[],
  orderBy: Array<keyof T & string> = [],
): Promise<T[]> {
  if (values.length === 0) return [];
  const source = db instanceof EntityManager ? db.connection : db;
  const metadata = source.getMetadata(entity);
  const driver = source.driver;
  const plan = planOf(driver, metadata);
  const column = metadata.findColumnWithPropertyName(property);
  const order = orderBy.map((name) => metadata.findColumnWithPropertyName(name));
  const keyType = column ? KEY_TYPES[driver.normalizeType(column)] : undefined;
  if (!plan || !keyType || order.some((c) => !c)) {
    return db
      .getRepository(entity)
      .find({ where: { [property]: In([...values]) } as never, order: Object.fromEntries(orderBy.map((name) => [name, 'ASC'])) as never });
  }
  const sql = `${plan.select} WHERE "${column!.databaseName}" = ANY($1::${keyType}[])${order.length ? ` ORDER BY ${order.map((c) => `"${c!.databaseName}"`).join(', ')}` : ''}`;
  const rows: Array<Record<string, unknown>> = await db.query(sql, [[...values]]);
  return rows.map((row) => entityOf(entity, plan, row));
}

function entityOf<T>(entity: new () => T, plan: LeanPlan, row: Record<string, unknown>): T {
  const instance = new entity();
  for (const { property: name, alias } of plan.columns) (instance as Record<string, unknown>)[name] = row[alias];
  return instance;
}

/**
 * One page of the entities whose properties equal `where` (null: IS NULL), ordered by `orderBy`
 * (ascending), and how many match in all: `findAndCount({ where, order, take, skip })` by the lean
 * path. As TypeORM does, the count costs no statement when the page tells it (not full, and not
 * empty past the first row). A list of 20 event types spent ~1.7 ms CPU in TypeORM's query builder
 * and result transformer (docs/performance.md, change 27).
 */
export async function leanFindAndCount<T extends ObjectLiteral>(
  db: DataSource | EntityManager,
  entity: new () => T,
  where: Partial<Record<keyof T & string, string | number | boolean | null>>,
  orderBy: Array<keyof T & string>,
  take: number,
  skip: number,
): Promise<[T[], number]> {
  const source = db instanceof EntityManager ? db.connection : db;
  const metadata = source.getMetadata(entity);
  const plan = planOf(source.driver, metadata);
  const filters = Object.entries(where).map(([property, value]) => ({ column: metadata.findColumnWithPropertyName(property), value }));
  const order = orderBy.map((name) => metadata.findColumnWithPropertyName(name));
  if (!plan || filters.some((f) => !f.column) || order.some((c) => !c)) return typeormFindAndCount(db, entity, where, orderBy, take, skip);
  const parameters: unknown[] = [];
  const conditions = filters.map(({ column, value }) =>
    value === null ? `"${column!.databaseName}" IS NULL` : `"${column!.databaseName}" = $${parameters.push(value)}`,
  );
  const filter = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  const ordered = order.length ? ` ORDER BY ${order.map((c) => `"${c!.databaseName}"`).join(', ')}` : '';
  const rows: Array<Record<string, unknown>> = await db.query(
    `${plan.select}${filter}${ordered} LIMIT $${parameters.length + 1} OFFSET $${parameters.length + 2}`,
    [...parameters, take, skip],
  );
  const items = rows.map((row) => entityOf(entity, plan, row));
  if (items.length < take && (items.length > 0 || skip === 0)) return [items, skip + items.length];
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM ${plan.table}${filter}`, parameters);
  return [items, count];
}

/** The same page through TypeORM's `findAndCount`: leanFindAndCount's fallback (and the A/B measurement's other variant). */
export function typeormFindAndCount<T extends ObjectLiteral>(
  db: DataSource | EntityManager,
  entity: new () => T,
  where: Partial<Record<keyof T & string, string | number | boolean | null>>,
  orderBy: Array<keyof T & string>,
  take: number,
  skip: number,
): Promise<[T[], number]> {
  return db.getRepository(entity).findAndCount({
    where: Object.fromEntries(Object.entries(where).map(([property, value]) => [property, value === null ? IsNull() : value])) as never,
    order: Object.fromEntries(orderBy.map((name) => [name, 'ASC'])) as never,
    take,
    skip,
  });
}
