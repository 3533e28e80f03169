import { once } from 'node:events'
import { closeSync, fstatSync, fsync, ftruncateSync, openSync, writeSync } from 'node:fs'
import { promisify } from 'node:util'
import { UsageError } from './UsageError.js'

const fsyncAsync = promisify(fsync)

// Lines are gathered into one string and written in chunks of about this many characters.
const CHUNK_CHARS = 1 << 16

/** A position of the export that a rerun can resume from: the walk's cursor after `items` items, filling `bytes` of the output. */
export interface SafePoint {
  cursor: unknown
  items: number
  bytes: number
}

/**
 * The output of an export: a file (fresh, or truncated to a resumed state's length) or standard
 * output. It buffers lines, writes them in large chunks, and tracks in bytes the last safe point
 * (a cursor whose items are all in the output, nothing after them), which `sync` returns for the state.
 *
 * @example
 * const writer = ExportWriter.open('events.ndjson', { cursor: null, items: 0, bytes: 0 }, false)
 * writer.add(line)
 * writer.markSafe(walk.cursor, 1)
 * const safe = await writer.sync() // flushed and fsynced: record it in the state
 */
export class ExportWriter {
  readonly #fd: number | undefined
  readonly #stream: NodeJS.WritableStream | undefined
  #pending = ''
  #written: number
  #safe: SafePoint
  /** Characters of `#pending` the safe point covers, or undefined once resolved into `#safe.bytes`. */
  #safeChars: number | undefined

  private constructor(fd: number | undefined, stream: NodeJS.WritableStream | undefined, start: SafePoint) {
    this.#fd = fd
    this.#stream = stream
    this.#written = start.bytes
    this.#safe = start
  }

  /** Opens the output file: emptied, or to resume truncated to `start.bytes` (a file shorter than that is refused). */
  static open(path: string, start: SafePoint, resume: boolean): ExportWriter {
    if (!resume) return new ExportWriter(openSync(path, 'w'), undefined, start)
    let fd: number
    try {
      fd = openSync(path, 'r+')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || start.bytes > 0) {
        throw new UsageError(
          `--out: cannot reopen ${path} to resume (${(error as NodeJS.ErrnoException).code}); the state records ${start.bytes} bytes of it`,
        )
      }
      fd = openSync(path, 'w')
    }
    const size = fstatSync(fd).size
    if (size < start.bytes) {
      closeSync(fd)
      throw new UsageError(
        `--out: ${path} holds ${size} bytes, fewer than the ${start.bytes} the state records: it was changed since; refusing to resume`,
      )
    }
    ftruncateSync(fd, start.bytes)
    return new ExportWriter(fd, undefined, start)
  }

  /** Writes to a stream (standard output): no resume, no sync. */
  static toStream(stream: NodeJS.WritableStream): ExportWriter {
    return new ExportWriter(undefined, stream, { cursor: null, items: 0, bytes: 0 })
  }

  /** Whether enough is buffered to write it out (call `flush`). */
  get full(): boolean {
    return this.#pending.length >= CHUNK_CHARS
  }

  /** The last safe point whose bytes are written (after `flush`). */
  get safe(): SafePoint {
    return this.#safe
  }

  /** Buffers text (whole lines). */
  add(text: string): void {
    this.#pending += text
  }

  /** Records that everything added so far is covered by `cursor`, after `items` items. */
  markSafe(cursor: unknown, items: number): void {
    this.#safe = { cursor, items, bytes: this.#safe.bytes }
    this.#safeChars = this.#pending.length
  }

  /** Writes what is buffered. */
  async flush(): Promise<void> {
    const chunk = this.#pending
    if (chunk === '') {
      this.#resolveSafe(0, chunk)
      return
    }
    this.#pending = ''
    const bytes = Buffer.from(chunk, 'utf8')
    this.#resolveSafe(bytes.length, chunk)
    if (this.#fd !== undefined) {
      for (let offset = 0; offset < bytes.length;)
        offset += writeSync(this.#fd, bytes, offset, bytes.length - offset, this.#written + offset)
    } else if (this.#stream && !this.#stream.write(bytes)) {
      await once(this.#stream, 'drain')
    }
    this.#written += bytes.length
  }

  /** Flushes and syncs the file: the safe point returned is on disk. Lines added during the fsync (off the main thread) land after it. */
  async sync(): Promise<SafePoint> {
    await this.flush()
    const safe = this.#safe
    if (this.#fd !== undefined) await fsyncAsync(this.#fd)
    return safe
  }

  /** Closes the file (standard output stays open). */
  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd)
  }

  #resolveSafe(chunkBytes: number, chunk: string): void {
    const chars = this.#safeChars
    if (chars === undefined) return
    this.#safeChars = undefined
    const covered = chars === chunk.length ? chunkBytes : Buffer.byteLength(chunk.slice(0, chars), 'utf8')
    this.#safe = { ...this.#safe, bytes: this.#written + covered }
  }
}
