import { readFileSync } from 'node:fs'
import { open, rename, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { UsageError } from './UsageError.js'

/** What an export is: a state file is used only by the export it was written for. */
export interface ExportIdentity {
  command: string
  source: unknown
  direction: string
  format: string
  /** The output file, as an absolute path. */
  out: string
}

/** A `--state` file: where the walk stands, and the bytes of the output the items before it fill (synced first). */
export interface ExportState {
  kind: 'chainx-export-state'
  version: 1
  identity: ExportIdentity
  /** The walk's cursor after the last item the output holds (`null`: from the start). */
  cursor: unknown
  /** Bytes of the output those items (and the CSV header) fill: a rerun truncates the output to this. */
  bytes: number
  /** Items the output holds. */
  items: number
  /** The CSV columns, once the header is written. */
  columns?: readonly string[] | undefined
}

/** Reads the state file of an export: undefined when there is none, else the state, or `UsageError` when it is another export's. */
export function readExportState(path: string, identity: ExportIdentity): ExportState | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new UsageError(`--state: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  let state: ExportState
  try {
    state = JSON.parse(text) as ExportState
  } catch {
    state = {} as ExportState
  }
  if (
    state?.kind !== 'chainx-export-state' ||
    state.version !== 1 ||
    !Number.isSafeInteger(state.bytes) ||
    !Number.isSafeInteger(state.items)
  ) {
    throw new UsageError(`--state: ${path} is not a chainx export state file; refusing to use or overwrite it`)
  }
  const differs = (Object.keys(identity) as (keyof ExportIdentity)[]).filter(
    (key) => canonicalJson(state.identity?.[key]) !== canonicalJson(identity[key]),
  )
  if (differs.length > 0) {
    const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 200)
    const what = differs.map((key) => `${key} ${shown(state.identity?.[key])}, not ${shown(identity[key])}`).join('; ')
    throw new UsageError(`--state: ${path} belongs to another export (${what}); give this export its own state file`)
  }
  return state
}

/**
 * Writes a state file atomically (a synced temporary file renamed over it, the directory synced),
 * so a kill at any instant leaves the old state or the new one. Call it once the bytes it covers are synced.
 */
export async function writeExportState(path: string, state: ExportState): Promise<void> {
  const temporary = `${path}.tmp`
  await withFile(temporary, 'w', async (file) => {
    await file.writeFile(`${JSON.stringify(state)}\n`)
    await file.sync()
  })
  await rename(temporary, path)
  // Not every platform syncs a directory (Windows cannot open one); the rename is still atomic.
  await withFile(dirname(path), 'r', (directory) => directory.sync()).catch(() => undefined)
}

async function withFile(path: string, flags: string, use: (file: FileHandle) => Promise<void>): Promise<void> {
  const file = await open(path, flags)
  try {
    await use(file)
  } finally {
    await file.close()
  }
}

/** JSON with object keys sorted at every level: the same value whatever order a user typed its keys in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  )
}
