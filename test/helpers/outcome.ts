/** What a call did: its thrown error, or its rejection (a walk's at its first page). */
export async function outcome(call: () => unknown): Promise<unknown> {
  try {
    const result = call()
    if (result instanceof Promise) await result
    else if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
      await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().next()
    }
  } catch (error) {
    return error
  }
  return undefined
}
