import type { Sql } from '../../src/indexer/index.js'

/** The handler's tables of the exactly-once tests: `seen` without a unique key, and one counter row. */
export async function SETUP_SEEN_TABLES(sql: Sql): Promise<void> {
  await sql.query('create table if not exists seen (tx_digest text not null, event_seq bigint not null)')
  await sql.query('create table if not exists counter (n bigint not null)')
  await sql.query('insert into counter (n) select 0 where not exists (select 1 from counter)')
}

/** What the exactly-once tests compare with the ledger: rows, distinct rows, the counter and the watermark. */
export async function readSeen(sql: Sql): Promise<{ rows: number; distinct: number; counter: number; watermark: number; keys: string[] }> {
  const [counts] = (
    await sql.query<{ rows: number; distinct: number }>(
      'select count(*)::int as rows, count(distinct (tx_digest, event_seq))::int as distinct from seen',
    )
  ).rows
  const [counter] = (await sql.query<{ n: number }>('select n::int as n from counter')).rows
  const [watermark] = (await sql.query<{ items: number }>("select items::int as items from chainx.watermarks where pipeline = 'seen'")).rows
  const keys = (await sql.query<{ key: string }>("select tx_digest || ':' || event_seq as key from seen order by 1")).rows.map(
    (row) => row.key,
  )
  return { rows: counts?.rows ?? 0, distinct: counts?.distinct ?? 0, counter: counter?.n ?? 0, watermark: watermark?.items ?? 0, keys }
}
