/** The lines of an export's output, as `createRecordFormat` makes them. */
export interface RecordFormat {
  /** The item's line, ending in a newline (the CSV header before the first row when `header` is on). */
  line(item: unknown): string
  /** CSV columns, once known (to save in the state); undefined for NDJSON. */
  readonly columns: readonly string[] | undefined
  /** A field of an item outside the columns, once: what a CSV row left out (the bin warns about it). */
  readonly leftOut: string | undefined
}

/**
 * Turns items into lines: NDJSON, or CSV (RFC 4180 quoting, a header row, objects flattened into dotted columns, arrays
 * and `leaves` kept whole as JSON) with columns fixed for a whole export: given (events, a resumed export's), else the first item's.
 */
export function createRecordFormat(
  format: 'ndjson' | 'csv',
  options: { columns?: readonly string[] | undefined; leaves?: readonly string[] | undefined; header?: boolean | undefined },
): RecordFormat {
  if (format === 'ndjson') return { line: (item) => `${JSON.stringify(item)}\n`, columns: undefined, leftOut: undefined }
  const leaves = new Set(options.leaves ?? [])
  let columns = options.columns
  let header = options.header ?? true
  let known = columns && new Set(columns)
  let leftOut: string | undefined
  return {
    line(item) {
      const cells = new Map<string, string>()
      flatten(item, '', leaves, cells)
      let text = ''
      if (columns === undefined || known === undefined) {
        columns ??= [...cells.keys()]
        known = new Set(columns)
      }
      if (header) {
        text = `${columns.map(quote).join(',')}\n`
        header = false
      }
      if (leftOut === undefined) for (const key of cells.keys()) if (!known.has(key)) leftOut = key
      return `${text}${columns.map((column) => quote(cells.get(column) ?? '')).join(',')}\n`
    },
    get columns() {
      return columns
    },
    get leftOut() {
      return leftOut
    },
  }
}

function flatten(value: unknown, prefix: string, leaves: ReadonlySet<string>, cells: Map<string, string>): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && (prefix === '' || !leaves.has(prefix))) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix === '' ? key : `${prefix}.${key}`, leaves, cells)
    return
  }
  if (prefix === '') return
  cells.set(prefix, cell(value))
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}
