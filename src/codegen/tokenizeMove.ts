import { MoveCodegenError } from './MoveCodegenError.js'

/** A token of Move source: a word, a number or address literal, a string, or one punctuation mark (`::` is one). */
export interface MoveToken {
  kind: 'word' | 'number' | 'string' | 'punct' | 'end'
  text: string
  /** 1-based line. */
  line: number
  /** Text of the `///` doc comment lines just before the token, if any. */
  doc?: string | undefined
}

const LITERALS: [kind: 'word' | 'number', pattern: RegExp][] = [
  ['word', /[A-Za-z_][A-Za-z0-9_]*/y],
  ['number', /(?:0x[0-9A-Fa-f_]+|[0-9][0-9_]*)(?:u8|u16|u32|u64|u128|u256)?/y],
]

/** A word or number literal starting at `start`, if there is one. */
function readLiteral(text: string, start: number): { kind: 'word' | 'number'; text: string } | undefined {
  for (const [kind, pattern] of LITERALS) {
    pattern.lastIndex = start
    const match = pattern.exec(text)
    if (match) return { kind, text: match[0] }
  }
  return undefined
}

/**
 * Splits Move source into tokens, dropping whitespace and comments and keeping `///` doc
 * comments on the token that follows them. Throws `MoveCodegenError` for an unterminated
 * comment or string.
 *
 * @example
 * tokenizeMove('struct A has copy', 'a.move').map((token) => token.text) // ['struct', 'A', 'has', 'copy', '']
 */
export function tokenizeMove(text: string, file: string): MoveToken[] {
  const tokens: MoveToken[] = []
  let line = 1
  let doc: string[] = []
  let i = 0
  const fail = (message: string): never => {
    throw new MoveCodegenError([{ file, line, message }])
  }
  const push = (kind: MoveToken['kind'], value: string) => {
    tokens.push({ kind, text: value, line, doc: doc.length > 0 ? doc.join('\n') : undefined })
    doc = []
  }
  while (i < text.length) {
    const char = text[i] as string
    if (char === '\n') {
      line++
      i++
      continue
    }
    if (char === ' ' || char === '\t' || char === '\r') {
      i++
      continue
    }
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i)
      const comment = text.slice(i, end === -1 ? text.length : end)
      if (comment.startsWith('///') && !comment.startsWith('////')) doc.push(comment.slice(3).trim())
      i = end === -1 ? text.length : end
      continue
    }
    if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2)
      if (end === -1) fail('unterminated block comment')
      for (let k = i; k < end; k++) if (text[k] === '\n') line++
      i = end + 2
      continue
    }
    if ((char === 'b' || char === 'x') && text[i + 1] === '"') {
      i++
      continue
    }
    if (char === '"') {
      let k = i + 1
      const start = line
      while (k < text.length && text[k] !== '"') {
        if (text[k] === '\\') k++
        else if (text[k] === '\n') line++
        k++
      }
      if (k >= text.length) {
        line = start
        fail('unterminated string')
      }
      push('string', text.slice(i, k + 1))
      i = k + 1
      continue
    }
    const literal = readLiteral(text, i)
    if (literal) {
      push(literal.kind, literal.text)
      i += literal.text.length
      continue
    }
    if (text.startsWith('::', i)) {
      push('punct', '::')
      i += 2
      continue
    }
    push('punct', char)
    i++
  }
  tokens.push({ kind: 'end', text: '', line })
  return tokens
}
