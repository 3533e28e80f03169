import type { ChainxClient } from '../client.js'
import type { ChainxError } from '../errors/ChainxError.js'
import type { PageProgress } from '../pagination/types.js'
import { RESOURCES } from './commands.js'
import type { ExportCommand } from './parseCommandLine.js'
import { UsageError } from './UsageError.js'
import { defined, walkOptions } from './walkOptions.js'

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

/** What the CLI uses of a resource of the client (`client.events`, `client.transactions`): its public walks. */
interface ResourceWalks {
  iterate(options: Record<string, unknown>): AsyncIterable<unknown> & { readonly cursor: unknown }
  watch(options: Record<string, unknown>): AsyncIterable<unknown> & { readonly cursor: unknown }
}

/**
 * Creates the walk of an export from `start` (a resumed state's cursor, else `--cursor`, else
 * the beginning), capped at `maxItems` (what is left of `--max-items`): `iterate` or `watch` of
 * the command's resource, or `paginate`. Creating it checks the options (the SDK throws before
 * any request): a refusal becomes `UsageError`.
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
  const walk = walkOptions({ ...command.walk, maxItems: options.maxItems, cursor: options.start ?? command.walk.cursor })
  return refusedAsUsage(() => {
    if (source.kind === 'graphql') {
      const iterable = client.paginate(source.query, source.vars, { connection: source.connection, ...walk, signal, onPage })
      return { items: iterable, cursor: () => iterable.cursor, pages: true, csv: { columns: undefined, leaves: [] } }
    }
    const resource = client[source.resource] as unknown as ResourceWalks
    const { csv } = RESOURCES[source.resource]
    const shared = { ...defined({ filter: source.filter, options: source.options }), signal }
    if (!source.follow) {
      const iterable = resource.iterate({ ...shared, ...walk, onPage })
      return { items: iterable, cursor: () => iterable.cursor, pages: true, csv }
    }
    // A fresh watch starts at the newest item; until the watcher has resolved it, the state keeps 'latest'.
    const start = walk.cursor ?? 'latest'
    const watcher = resource.watch({ ...shared, cursor: start, ...defined({ intervalMs: source.intervalMs, pageSize: walk.pageSize }) })
    return { items: watcher, cursor: () => watcher.cursor ?? start, pages: false, csv }
  })
}

function refusedAsUsage<T>(create: () => T): T {
  try {
    return create()
  } catch (error) {
    throw refusal(error)
  }
}

/**
 * The SDK's refusal of an argument as the CLI's usage error: a filter's names `--filter`.
 *
 * @example
 * throw refusal(error) // UsageError('--filter: Invalid filter at Sender: …')
 */
export function refusal(error: unknown): UsageError {
  if (error instanceof UsageError) return error
  const { code, shortMessage, message } = error as Partial<ChainxError>
  return new UsageError(code === 'INVALID_FILTER' ? `--filter: ${shortMessage ?? message}` : (shortMessage ?? String(message)))
}
