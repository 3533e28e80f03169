import { MoveCodegenError } from './MoveCodegenError.js'
import { tokenizeMove, type MoveToken } from './tokenizeMove.js'

/** A type as written in Move source: a path (`u64`, `string::String`, `0x2::object::UID`) and its type arguments. */
export interface MoveTypeExpression {
  path: string[]
  typeArguments: MoveTypeExpression[]
  line: number
}

/** A struct declaration of a module. */
export interface MoveStructDeclaration {
  name: string
  line: number
  /** The `///` doc comment before it. */
  doc: string | undefined
  abilities: string[]
  typeParameters: { name: string; phantom: boolean }[]
  /** Fields in declaration order; positional fields are named `pos0`, `pos1`…; an empty struct has Move's `dummy_field: bool`. */
  fields: { name: string; type: MoveTypeExpression; line: number }[]
  /** A `native struct` (no fields known). */
  native: boolean
}

/** Names brought into scope by `use`: module aliases and member (type) aliases. */
interface MoveUses {
  modules: Map<string, { address: string; module: string }>
  members: Map<string, { address: string; module: string; name: string }>
}

/** A module of a source file, with its structs and `use` declarations (`#[test_only]` items left out). */
export interface MoveModuleDeclaration {
  /** The address as written: a named address (`sui`, `my_package`) or a number (`0x2`). */
  address: string
  name: string
  file: string
  line: number
  uses: MoveUses
  structs: MoveStructDeclaration[]
  /** Enum names and lines (the generator cannot give them a JSON form yet). */
  enums: Map<string, number>
}

const TEST_ATTRIBUTES = new Set(['test_only', 'test', 'random_test'])
const MODIFIERS = new Set(['entry', 'macro', 'inline'])

/**
 * Reads the modules of one Move source file, legacy (`module a::m { … }`, `address a { module m { … } }`)
 * or Move 2024 (`module a::m;`, `public struct`, positional structs). Functions, constants, specs and
 * `#[test_only]` items are skipped. Throws `MoveCodegenError` at the first syntax it does not understand.
 */
export function parseMoveSource(text: string, file: string): MoveModuleDeclaration[] {
  return new MoveSourceParser(tokenizeMove(text, file), file).parseFile()
}

class MoveSourceParser {
  #position = 0
  readonly #tokens: MoveToken[]
  readonly #file: string

  constructor(tokens: MoveToken[], file: string) {
    this.#tokens = tokens
    this.#file = file
  }

  parseFile(): MoveModuleDeclaration[] {
    const modules: MoveModuleDeclaration[] = []
    while (this.#peek().kind !== 'end') {
      const skip = this.#attributes()
      const token = this.#next()
      if (token.text === 'module') {
        const module = this.#module(undefined, token)
        if (!skip) modules.push(module)
      } else if (token.text === 'address') {
        const address = this.#addressToken()
        this.#expect('{')
        while (!this.#eat('}')) {
          const skipInner = this.#attributes()
          const module = this.#module(address, this.#expect('module'))
          if (!skip && !skipInner) modules.push(module)
        }
      } else if (token.text === 'spec') {
        this.#skipItem()
      } else {
        this.#fail(token, `expected \`module\` or \`address\`, found ${describe(token)}`)
      }
    }
    return modules
  }

  #module(enclosingAddress: string | undefined, start: MoveToken): MoveModuleDeclaration {
    let address = enclosingAddress
    const nameToken = this.#peek()
    let name = this.#addressToken()
    if (this.#eat('::')) {
      address = name
      name = this.#word()
    } else if (address === undefined) {
      this.#fail(start, `module ${name} has no address: write \`module <address>::${name}\``)
    } else if (nameToken.kind !== 'word') {
      this.#fail(nameToken, `expected a module name, found \`${name}\``)
    }
    const module: MoveModuleDeclaration = {
      address: address as string,
      name,
      file: this.#file,
      line: start.line,
      uses: { modules: new Map(), members: new Map() },
      structs: [],
      enums: new Map(),
    }
    const label = this.#eat(';')
    if (!label) this.#expect('{')
    while (label ? this.#peek().kind !== 'end' && !this.#atModuleStart() : !this.#eat('}')) {
      if (this.#peek().kind === 'end') this.#fail(this.#peek(), `module ${name} is not closed: expected \`}\``)
      this.#item(module)
    }
    return module
  }

  /** A Move 2024 file may hold several `module a::b;` labels: the next one starts at `module` (after its attributes). */
  #atModuleStart(): boolean {
    const start = this.#position
    this.#attributes()
    const atModule = this.#at('module')
    this.#position = start
    return atModule
  }

  #item(module: MoveModuleDeclaration): void {
    const doc = this.#peek().doc
    const skip = this.#attributes()
    let native = false
    for (;;) {
      if (this.#eat('public')) {
        if (this.#at('(')) this.#skipBalanced('(', ')')
      } else if (this.#eat('native')) native = true
      else if (MODIFIERS.has(this.#peek().text)) this.#next()
      else break
    }
    const keyword = this.#next()
    if (keyword.text === 'use') {
      if (this.#at('fun')) return this.#skipItem()
      this.#useDeclaration(skip ? { modules: new Map(), members: new Map() } : module.uses)
    } else if (keyword.text === 'struct') {
      const struct = this.#struct(keyword, doc, native)
      if (!skip) module.structs.push(struct)
    } else if (keyword.text === 'enum') {
      const name = this.#word()
      if (!skip) module.enums.set(name, keyword.line)
      this.#skipItem()
      if (this.#at('has')) this.#skipItem()
    } else if (keyword.text === 'const') {
      this.#skipItem(true)
    } else if (keyword.text === 'fun' || keyword.text === 'friend' || keyword.text === 'spec') {
      this.#skipItem()
    } else {
      this.#fail(keyword, `expected a module item (\`use\`, \`struct\`, \`enum\`, \`fun\`, \`const\`), found ${describe(keyword)}`)
    }
  }

  /** `use a::m;`, `use a::m as n;`, `use a::m::S;`, `use a::m::{Self, S as T};`, `use a::{m, n::{Self, S}};` */
  #useDeclaration(uses: MoveUses): void {
    const address = this.#addressToken()
    this.#expect('::')
    const member = (module: string) => {
      const name = this.#word()
      const alias = this.#alias()
      if (name === 'Self') uses.modules.set(alias ?? module, { address, module })
      else uses.members.set(alias ?? name, { address, module, name })
    }
    const moduleTree = () => {
      const module = this.#word()
      if (!this.#eat('::')) uses.modules.set(this.#alias() ?? module, { address, module })
      else if (this.#eat('{')) this.#list('}', () => member(module))
      else member(module)
    }
    if (this.#eat('{')) this.#list('}', moduleTree)
    else moduleTree()
    this.#expect(';')
  }

  #alias(): string | undefined {
    return this.#eat('as') ? this.#word() : undefined
  }

  #struct(keyword: MoveToken, doc: string | undefined, native: boolean): MoveStructDeclaration {
    const struct: MoveStructDeclaration = {
      name: this.#word(),
      line: keyword.line,
      doc,
      abilities: [],
      typeParameters: [],
      fields: [],
      native,
    }
    if (this.#eat('<')) {
      this.#list('>', () => {
        const phantom = this.#eat('phantom')
        struct.typeParameters.push({ name: this.#word(), phantom })
        // Constraints (`T: copy + drop`) do not change the layout.
        if (this.#eat(':')) {
          do this.#word()
          while (this.#eat('+'))
        }
      })
    }
    this.#abilities(struct)
    if (native || this.#at(';')) {
      this.#expect(';')
      return struct
    }
    if (this.#eat('(')) {
      this.#list(')', () => {
        const type = this.#type()
        struct.fields.push({ name: `pos${struct.fields.length}`, type, line: type.line })
      })
      this.#abilities(struct)
      this.#expect(';')
    } else {
      this.#expect('{')
      this.#list('}', () => {
        const field = this.#next()
        if (field.kind !== 'word') this.#fail(field, `expected a field name, found ${describe(field)}`)
        this.#expect(':')
        struct.fields.push({ name: field.text, type: this.#type(), line: field.line })
      })
      if (this.#at('has')) {
        this.#abilities(struct)
        this.#expect(';')
      }
    }
    if (struct.fields.length === 0) {
      struct.fields.push({ name: 'dummy_field', type: { path: ['bool'], typeArguments: [], line: struct.line }, line: struct.line })
    }
    return struct
  }

  #abilities(struct: MoveStructDeclaration): void {
    if (!this.#eat('has')) return
    do struct.abilities.push(this.#word())
    while (this.#eat(','))
  }

  #type(): MoveTypeExpression {
    const first = this.#peek()
    if (first.text === '&' || first.text === '(' || first.text === '|') {
      this.#fail(first, `a struct field cannot have a reference, tuple or function type (found ${describe(first)})`)
    }
    const path = [first.kind === 'number' ? this.#next().text : this.#word()]
    while (this.#eat('::')) path.push(this.#word())
    const typeArguments: MoveTypeExpression[] = []
    if (this.#eat('<')) this.#list('>', () => typeArguments.push(this.#type()))
    return { path, typeArguments, line: first.line }
  }

  /** Items separated by commas (a trailing one allowed) up to `close`, which it consumes. */
  #list(close: string, item: () => void): void {
    while (!this.#eat(close)) {
      item()
      if (!this.#at(close)) this.#expect(',')
    }
  }

  /** Skips `#[…]` attributes; true when one marks the item test-only. */
  #attributes(): boolean {
    let testOnly = false
    while (this.#eat('#')) {
      const open = this.#peek()
      if (open.text !== '[') this.#fail(open, `expected \`[\` after \`#\`, found ${describe(open)}`)
      const start = this.#position
      this.#skipBalanced('[', ']')
      const tokens = this.#tokens.slice(start, this.#position)
      if (tokens.some((token) => token.kind === 'word' && TEST_ATTRIBUTES.has(token.text))) testOnly = true
    }
    return testOnly
  }

  /** Skips an item to its `;` or its `{ … }` block, outside parentheses (a `const` ends only at `;`). */
  #skipItem(endsAtSemicolon = false): void {
    for (;;) {
      const token = this.#peek()
      if (token.kind === 'end') this.#fail(token, 'unexpected end of file inside an item')
      if (token.text === ';') {
        this.#next()
        return
      }
      if (token.text === '{') {
        this.#skipBalanced('{', '}')
        if (!endsAtSemicolon) return
      } else if (token.text === '(') this.#skipBalanced('(', ')')
      else if (token.text === '}') this.#fail(token, 'unexpected `}` inside an item')
      else this.#next()
    }
  }

  #skipBalanced(open: string, close: string): void {
    const start = this.#expect(open)
    let depth = 1
    while (depth > 0) {
      const token = this.#next()
      if (token.kind === 'end') this.#fail(start, `\`${open}\` is never closed`)
      if (token.text === open) depth++
      else if (token.text === close) depth--
    }
  }

  #addressToken(): string {
    const token = this.#next()
    if (token.kind !== 'word' && token.kind !== 'number') this.#fail(token, `expected an address, found ${describe(token)}`)
    return token.text.replaceAll('_', token.kind === 'number' ? '' : '_')
  }

  #word(): string {
    const token = this.#next()
    if (token.kind !== 'word') this.#fail(token, `expected a name, found ${describe(token)}`)
    return token.text
  }

  #expect(text: string): MoveToken {
    const token = this.#next()
    if (token.text !== text || token.kind === 'string') this.#fail(token, `expected \`${text}\`, found ${describe(token)}`)
    return token
  }

  #at(text: string): boolean {
    const token = this.#peek()
    return token.text === text && token.kind !== 'string'
  }

  /** Consumes the next token when it is `text`. */
  #eat(text: string): boolean {
    if (!this.#at(text)) return false
    this.#next()
    return true
  }

  #peek(): MoveToken {
    return this.#tokens[this.#position] as MoveToken
  }

  #next(): MoveToken {
    const token = this.#tokens[this.#position] as MoveToken
    if (token.kind !== 'end') this.#position++
    return token
  }

  #fail(token: MoveToken, message: string): never {
    throw new MoveCodegenError([{ file: this.#file, line: token.line, message }])
  }
}

function describe(token: MoveToken): string {
  return token.kind === 'end' ? 'the end of the file' : `\`${token.text}\``
}
