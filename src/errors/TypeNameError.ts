import { InvalidArgumentError } from './request.js'

/**
 * A type name that does not parse, or goes over a limit, at `position` (0-based) in `text`.
 *
 * @example
 * try { parseTypeName('0x2::coin') } catch (error) { if (error instanceof TypeNameError) console.log(error.position) }
 */
export class TypeNameError extends InvalidArgumentError {
  override name = 'TypeNameError'
  /** The text that failed to parse. */
  readonly text: string
  /** 0-based offset of the problem in `text`. */
  readonly position: number
  /** What went wrong, without the text and position. */
  readonly reason: string
  constructor(args: { text: string; position: number; reason: string }) {
    super(`Invalid type name ${JSON.stringify(args.text)} at position ${args.position}: ${args.reason}`)
    this.text = args.text
    this.position = args.position
    this.reason = args.reason
  }
}
