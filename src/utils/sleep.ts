import { MAX_TIMER_MS } from './maxTimerMs.js'
import { onAbort } from './onAbort.js'

/** Waits `ms` ms (chaining timers past a timer's limit); rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error)
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = signal
      ? onAbort(signal, () => {
          clearTimeout(timer)
          reject(signal.reason as Error)
        })
      : undefined
    const deadline = Date.now() + (Number.isNaN(ms) ? 0 : ms)
    const arm = (left: number) => {
      timer = setTimeout(
        () => {
          const rest = deadline - Date.now()
          if (rest > 0 && left > MAX_TIMER_MS) return arm(rest)
          stop?.()
          resolve()
        },
        Math.min(Math.max(left, 0), MAX_TIMER_MS),
      )
    }
    arm(ms)
  })
}
