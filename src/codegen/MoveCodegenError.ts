import { InvalidArgumentError } from '../errors/request.js'

/**
 * One thing the Move generator could not read or type, with where it is.
 *
 * @example
 * const problem: MoveCodegenProblem = { file: 'sources/market.move', line: 9, message: 'cannot type `Side` in struct Order: …' }
 */
export interface MoveCodegenProblem {
  /** Path of the Move source (or `Move.toml`), as given to the generator. */
  file: string
  /** 1-based line. */
  line: number
  message: string
}

/**
 * The Move package could not be turned into definitions (a syntax or a type the generator cannot read;
 * it never guesses): an `InvalidArgumentError` whose `problems` give each with its file and line.
 *
 * @example
 * for (const p of error.problems) console.error(`${p.file}:${p.line}: ${p.message}`)
 */
export class MoveCodegenError extends InvalidArgumentError {
  override name = 'MoveCodegenError'
  /** Every problem found, in source order. */
  readonly problems: readonly MoveCodegenProblem[]

  constructor(problems: readonly MoveCodegenProblem[]) {
    const lines = problems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`)
    super(lines.length === 1 ? (lines[0] as string) : `${lines.length} problems:\n${lines.join('\n')}`)
    this.problems = problems
  }
}
