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
 * The output of an export (a file, fresh or truncated to a resumed state's length, or standard output), written
 * in large chunks, and its last safe point: a cursor whose items are all in the output, nothing after them.
 */
export class ExportWriter {
  readonly #fd: number | undefined
  readonly #stream: NodeJS.WritableStream | undefined
  #pending = ''
  #pendingBytes = 0
  #written: number
  #safe: SafePoint

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

  /** The last safe point marked. */
  get safe(): SafePoint {
    return this.#safe
  }

  /** Buffers text (whole lines). */
  add(text: string): void {
    this.#pending += text
    this.#pendingBytes += Buffer.byteLength(text, 'utf8')
  }

  /** Records that everything added so far is covered by `cursor`, after `items` items. */
  markSafe(cursor: unknown, items: number): void {
    this.#safe = { cursor, items, bytes: this.#written + this.#pendingBytes }
  }

  /** Writes what is buffered (a file at its own offsets: a failed write is retried whole by the next flush). */
  async flush(): Promise<void> {
    if (this.#pending === '') return
    const bytes = Buffer.from(this.#pending, 'utf8')
    if (this.#fd !== undefined) {
      for (let offset = 0; offset < bytes.length;)
        offset += writeSync(this.#fd, bytes, offset, bytes.length - offset, this.#written + offset)
    }
    const drained = this.#stream?.write(bytes) !== false
    this.#pending = ''
    this.#pendingBytes = 0
    this.#written += bytes.length
    if (!drained) await once(this.#stream as NodeJS.WritableStream, 'drain')
  }

  /** Flushes and syncs the file: the safe point returned (the one at the call) is on disk. */
  async sync(): Promise<SafePoint> {
    const safe = this.#safe
    await this.flush()
    if (this.#fd !== undefined) await fsyncAsync(this.#fd)
    return safe
  }

  /** Closes the file (standard output stays open). */
  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd)
  }
}
