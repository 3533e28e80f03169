import type { ChainxClient } from '../client.js'
import type { EventId } from '../events/types.js'
import type { PageProgress } from '../pagination/types.js'
import type { TransactionBlockResponseOptions, TransactionFilter } from '../transactions/types.js'
import { EVENT_COLUMNS } from './formatRecords.js'
import type { ExportCommand } from './parseCommandLine.js'
import { UsageError } from './UsageError.js'
import { walkOptions } from './walkOptions.js'

/**
 * A walk as an export drives it: the items, and where it stands after the last one handed
 * out (read after each item: a value that changed is a safe point to record).
 *
 * @example
 * for await (const item of walk.items) save(item, walk.cursor())
 */
export interface ExportWalk {
  items: AsyncIterable<unknown>
  cursor(): unknown
  /** Whether the walk reports pages (`onPage`). */
  pages: boolean
  /** CSV columns known before the first item, and the fields kept whole as JSON. */
  csv: { columns: readonly string[] | undefined; leaves: readonly string[] }
}

/**
 * Creates the walk of an export from `start` (a resumed state's cursor, or the beginning),
 * capped at `maxItems` (what is left of `--max-items`). Creating it checks the options
 * (the SDK throws before any request): a refusal becomes `UsageError`.
 *
 * @example
 * const walk = openExportWalk(command, client, { start: null, maxItems: undefined, signal, onPage })
 */
export function openExportWalk(
  command: ExportCommand,
  client: ChainxClient,
  options: { start: unknown; maxItems: number | undefined; signal: AbortSignal; onPage: (progress: PageProgress) => void },
): ExportWalk {
  const { source } = command
  const { signal, onPage } = options
  const walk = { ...command.walk, maxItems: options.maxItems }
  const shared = { signal, onPage, cursor: options.start as never }
  return refusedAsUsage(() => {
    switch (source.kind) {
      case 'events': {
        const iterable = client.events.iterate({ filter: source.filter, ...walkOptions(walk), ...shared })
        return { items: iterable, cursor: () => iterable.cursor, pages: true, csv: { columns: EVENT_COLUMNS, leaves: ['parsedJson'] } }
      }
      case 'graphql': {
        const iterable = client.paginate(source.query, source.vars, { connection: source.connection, ...walkOptions(walk), ...shared })
        return { items: iterable, cursor: () => iterable.cursor, pages: true, csv: { columns: undefined, leaves: [] } }
      }
      case 'transactions': {
        // Checked by the walk when it is created (filter, options): a refusal is a usage error.
        const iterable = client.transactions.iterate({
          filter: source.filter as TransactionFilter | null,
          options: source.options as TransactionBlockResponseOptions | null,
          ...walkOptions(walk),
          ...shared,
        })
        return { items: iterable, cursor: () => iterable.cursor, pages: true, csv: { columns: undefined, leaves: [] } }
      }
      case 'watch': {
        // A fresh watch starts at the newest event; until the watcher has resolved it, the state keeps 'latest'.
        const start = (options.start ?? 'latest') as EventId | 'latest'
        const watcher = client.events.watch({
          filter: source.filter,
          cursor: start,
          intervalMs: source.intervalMs,
          pageSize: walk.pageSize,
          signal,
        })
        return {
          items: watcher,
          cursor: () => watcher.cursor ?? start,
          pages: false,
          csv: { columns: EVENT_COLUMNS, leaves: ['parsedJson'] },
        }
      }
    }
  })
}

function refusedAsUsage<T>(create: () => T): T {
  try {
    return create()
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError((error as Error).message)
  }
}
