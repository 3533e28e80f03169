import { quoteIdent, type Sql } from './database.js'

/**
 * A resource's built-in table: its typed columns, each read from the item (a JSON path in
 * SQL), and the whole item as `jsonb`. Rows are written by one statement per batch: the batch
 * goes as one JSON parameter and the columns are read out of it by the server.
 */
interface BuiltinTable {
  columns: readonly (readonly [name: string, type: string, path: string])[]
  primaryKey: string
  /** Options the walk needs for the columns (a transaction's sender comes with its input). */
  walkOptions?: Record<string, unknown>
}

/** The built-in tables, by resource: `<schema>.events` and `<schema>.transactions`. */
export const BUILTIN_TABLES: Record<string, BuiltinTable> = {
  events: {
    columns: [
      ['tx_digest', 'text', "item->'id'->>'txDigest'"],
      ['event_seq', 'bigint', "item->'id'->>'eventSeq'"],
      ['type', 'text', "item->>'type'"],
      ['sender', 'text', "item->>'sender'"],
      ['package_id', 'text', "item->>'packageId'"],
      ['module', 'text', "item->>'transactionModule'"],
      ['timestamp_ms', 'bigint', "item->>'timestampMs'"],
    ],
    primaryKey: 'tx_digest, event_seq',
  },
  transactions: {
    columns: [
      ['digest', 'text', "item->>'digest'"],
      ['checkpoint', 'bigint', "item->>'checkpoint'"],
      ['timestamp_ms', 'bigint', "item->>'timestampMs'"],
      ['sender', 'text', "item->'transaction'->'data'->>'sender'"],
    ],
    primaryKey: 'digest',
    walkOptions: { options: { showInput: true } },
  },
}

/** `create table if not exists` for a resource's built-in table. */
export function createTableSql(schema: string, resource: string, table: BuiltinTable): string {
  const columns = table.columns.map(([name, type]) => `${name} ${type}`).join(', ')
  return `create table if not exists ${quoteIdent(schema)}.${quoteIdent(resource)} (${columns}, item jsonb not null, primary key (${table.primaryKey}))`
}

/** Writes a batch into a built-in table in one statement. */
export async function insertRows(
  sql: Sql,
  schema: string,
  resource: string,
  table: BuiltinTable,
  items: readonly unknown[],
): Promise<void> {
  const names = table.columns.map(([name]) => name).join(', ')
  const values = table.columns.map(([, type, path]) => `(${path})::${type}`).join(', ')
  await sql.query(
    `insert into ${quoteIdent(schema)}.${quoteIdent(resource)} (${names}, item) select ${values}, item from jsonb_array_elements($1::jsonb) as batch(item)`,
    [toJson(items)],
  )
}

/** JSON of items whose parsed fields may hold bigints (written as strings; the replacer, slower, only then). */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch {
    return JSON.stringify(value, (_key, field: unknown) => (typeof field === 'bigint' ? field.toString() : field))
  }
}
