/** The counters a command updates and the progress line reads. */
interface ProgressCounts {
  /** Items in the output, earlier runs' included. */
  items: number
  /** Items this run wrote. */
  itemsThisRun: number
  /** Pages this run fetched (undefined when the walk does not report pages). */
  pages: number | undefined
}

type ProgressOptions = { label: string; stream: NodeJS.WritableStream; tty: boolean; intervalMs: number; quiet: boolean }

/**
 * Progress of an export on standard error, never on the data's stream: on a terminal a live
 * line (items, pages, items per second, elapsed) redrawn five times a second; elsewhere a
 * plain line every `intervalMs`; nothing when quiet. `finish` prints the summary line.
 *
 * @example
 * const progress = new Progress({ label: 'events export', stream: process.stderr, tty: false, intervalMs: 3_000, quiet: false })
 * progress.start()
 * progress.counts.items++
 * progress.finish('done')
 */
export class Progress {
  readonly counts: ProgressCounts = { items: 0, itemsThisRun: 0, pages: undefined }
  readonly #options: ProgressOptions
  readonly #started = performance.now()
  #timer: ReturnType<typeof setInterval> | undefined

  constructor(options: ProgressOptions) {
    this.#options = options
  }

  /** Starts the periodic line. */
  start(): void {
    const { quiet, tty, intervalMs } = this.#options
    if (quiet) return
    this.#timer = setInterval(() => this.#draw(), tty ? 200 : intervalMs)
    this.#timer.unref()
  }

  /** The line as it stands: `1,234 items · 25 pages · 5,120 items/s · 2.4 s`. */
  line(): string {
    const { items, itemsThisRun, pages } = this.counts
    const seconds = (performance.now() - this.#started) / 1000
    const rate = seconds > 0 ? Math.round(itemsThisRun / seconds) : 0
    const parts = [
      `${number(items)} items`,
      pages === undefined ? undefined : `${number(pages)} pages`,
      `${number(rate)} items/s`,
      `${seconds.toFixed(1)} s`,
    ]
    return `${this.#options.label}: ${parts.filter((part) => part !== undefined).join(' · ')}`
  }

  /** Stops the periodic line and prints `summary` after the final counts (nothing when quiet). */
  finish(summary: string): void {
    this.stop()
    if (!this.#options.quiet) this.#options.stream.write(`${this.line()} · ${summary}\n`)
  }

  /** Stops the periodic line, clearing it on a terminal. */
  stop(): void {
    if (this.#timer === undefined) return
    clearInterval(this.#timer)
    this.#timer = undefined
    if (this.#options.tty) this.#options.stream.write('\r\x1b[2K')
  }

  #draw(): void {
    const { stream, tty } = this.#options
    stream.write(tty ? `\r\x1b[2K${this.line()}` : `${this.line()}\n`)
  }
}

const formatter = new Intl.NumberFormat('en-US')
function number(value: number): string {
  return formatter.format(value)
}
