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

// Tried in order at each position, one group per kind of text.
const TOKEN = new RegExp(
  [
    String.raw`([ \t\r\n]+|/\*[\s\S]*?\*/|[bx](?="))`, // skipped: whitespace, block comments, the b/x of byte strings
    String.raw`(//[^\n]*)`, // a line comment
    String.raw`("(?:\\[\s\S]|[^"\\])*")`, // a string
    String.raw`(/\*|")`, // an unterminated comment or string
    String.raw`([A-Za-z_][A-Za-z0-9_]*)`, // a word
    String.raw`((?:0x[0-9A-Fa-f_]+|[0-9][0-9_]*)(?:u8|u16|u32|u64|u128|u256)?)`, // a number or address literal
    String.raw`::|[\s\S]`, // punctuation
  ].join('|'),
  'y',
)

/**
 * Splits Move source into tokens, dropping whitespace and comments and keeping `///` doc
 * comments on the token that follows them. Throws `MoveCodegenError` for an unterminated
 * comment or string.
 */
export function tokenizeMove(text: string, file: string): MoveToken[] {
  const tokens: MoveToken[] = []
  const pattern = new RegExp(TOKEN)
  let line = 1
  let doc: string[] = []
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const [all, skipped, comment, string, unterminated, word, number] = match
    if (unterminated) {
      const message = `unterminated ${unterminated === '"' ? 'string' : 'block comment'}`
      throw new MoveCodegenError([{ file, line, message }])
    }
    if (comment?.startsWith('///') && !comment.startsWith('////')) doc.push(comment.slice(3).trim())
    else if (skipped === undefined && comment === undefined) {
      const kind = string ? 'string' : word ? 'word' : number ? 'number' : 'punct'
      tokens.push({ kind, text: all, line, doc: doc.length > 0 ? doc.join('\n') : undefined })
      doc = []
    }
    line += all.split('\n').length - 1
  }
  tokens.push({ kind: 'end', text: '', line })
  return tokens
}
