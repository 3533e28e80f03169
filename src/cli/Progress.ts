type ProgressOptions = { label: string; stream: NodeJS.WritableStream; tty: boolean; intervalMs: number; quiet: boolean }

/**
 * Progress on standard error, never on the data's stream: on a terminal a live line redrawn five times
 * a second, elsewhere a plain line every `intervalMs`, nothing when quiet; `finish` prints the summary.
 */
export class Progress {
  /** What the line reads: items in the output (earlier runs' included), items this run wrote, pages fetched (if reported). */
  readonly counts = { items: 0, itemsThisRun: 0, pages: undefined as number | undefined }
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

const number = new Intl.NumberFormat('en-US').format
