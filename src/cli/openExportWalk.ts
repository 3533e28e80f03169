import type { ChainxClient } from '../client.js'
import type { ChainxError } from '../errors/ChainxError.js'
import type { PageProgress } from '../pagination/types.js'
import type { WalkDirection } from '../pagination/walkOptions.js'
import { RESOURCES } from './commands.js'
import type { ExportCommand } from './parseCommandLine.js'
import { UsageError } from './UsageError.js'

/** A walk as an export drives it: the items, and where it stands after the last one handed out (a change is a safe point to record). */
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
 * Creates the walk of an export from `start` (a resumed state's cursor, else `--cursor`, else the
 * beginning), capped at `maxItems` (what is left of `--max-items`): `iterate` or `watch` of the
 * command's resource, or `paginate`. The SDK checks the options before any request: a refusal
 * becomes `UsageError`.
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
  // The walk flags as the SDK's walk options, those not given left out (the SDK's defaults apply).
  const walk = defined({ ...command.walk, maxItems: options.maxItems, cursor: options.start ?? command.walk.cursor }) as {
    direction: WalkDirection
    pageSize?: number
    maxItems?: number
    cursor?: never
  }
  try {
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
  } catch (error) {
    throw refusal(error)
  }
}

/** The entries of `values` that are not undefined: options as a caller who left them out writes them. */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}

/** The SDK's refusal of an argument as the CLI's usage error (a filter's names `--filter`). */
export function refusal(error: unknown): UsageError {
  if (error instanceof UsageError) return error
  const { code, shortMessage, message } = error as Partial<ChainxError>
  return new UsageError(code === 'INVALID_FILTER' ? `--filter: ${shortMessage ?? message}` : (shortMessage ?? String(message)))
}
