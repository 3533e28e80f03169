import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRecordFormat } from '../../src/cli/formatRecords.js'
import { Progress } from '../../src/cli/Progress.js'

describe('createRecordFormat', () => {
  it('NDJSON: one JSON object per line', () => {
    const format = createRecordFormat('ndjson', {})
    expect(format.line({ a: 1, b: 'x\ny' })).toBe('{"a":1,"b":"x\\ny"}\n')
    expect(format.columns).toBeUndefined()
  })

  it('CSV: a header before the first row, nested objects as dotted columns, leaves and lists as JSON, RFC 4180 quoting', () => {
    const format = createRecordFormat('csv', { leaves: ['parsedJson'] })
    const first = format.line({ id: { tx: 'T', seq: '0' }, note: 'a, "b"', list: [1, 2], parsedJson: { price: '5' }, none: null })
    expect(first).toBe('id.tx,id.seq,note,list,parsedJson,none\nT,0,"a, ""b""","[1,2]","{""price"":""5""}",\n')
    expect(format.line({ id: { tx: 'U', seq: '1' }, note: 'line\nbreak' })).toBe('U,1,"line\nbreak",,,\n')
    expect(format.columns).toEqual(['id.tx', 'id.seq', 'note', 'list', 'parsedJson', 'none'])
    expect(format.leftOut).toBeUndefined()
    format.line({ id: { tx: 'V', seq: '2' }, extra: 1 })
    expect(format.leftOut).toBe('extra')
  })

  it('CSV resumed: the saved columns, no second header', () => {
    const format = createRecordFormat('csv', { columns: ['b', 'a'], header: false })
    expect(format.line({ a: 1, b: 2 })).toBe('2,1\n')
  })
})

describe('Progress', () => {
  const sink = () => {
    const chunks: string[] = []
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => (chunks.push(chunk.toString()), done()) })
    return { chunks, stream }
  }

  afterEach(() => {
    vi.useRealTimers()
  })

  it('on a TTY redraws one line in place every 200 ms and clears it before the summary', () => {
    vi.useFakeTimers()
    const { chunks, stream } = sink()
    const progress = new Progress({ label: 'chainx events export', stream, tty: true, intervalMs: 10_000, quiet: false })
    progress.start()
    progress.counts.items = 1_234
    progress.counts.pages = 25
    vi.advanceTimersByTime(450)
    progress.finish('done')
    expect(chunks).toHaveLength(4) // two redraws, the clear, the summary
    expect(chunks[0]).toMatch(/^\r\x1b\[2Kchainx events export: 1,234 items · 25 pages · [\d,]+ items\/s · \d+\.\d s$/)
    expect(chunks.at(-2)).toBe('\r\x1b[2K')
    expect(chunks.at(-1)).toMatch(/^chainx events export: 1,234 items · 25 pages · .* · done\n$/)
  })

  it('quiet: nothing at all', () => {
    vi.useFakeTimers()
    const { chunks, stream } = sink()
    const progress = new Progress({ label: 'x', stream, tty: true, intervalMs: 10, quiet: true })
    progress.start()
    vi.advanceTimersByTime(60_000)
    progress.finish('done')
    expect(chunks).toEqual([])
  })
})
