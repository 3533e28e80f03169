import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import GithubSlugger from 'github-slugger'
import { marked, type Token, type Tokens } from 'marked'

// The project's documentation as the docs tests see it: README.md and every docs/**/*.md,
// found on disk when the tests are collected (a new guide is picked up with no edit here),
// lexed by marked (fences, inline code and links as CommonMark reads them).

/** The repository root. */
export const root = new URL('../../', import.meta.url).pathname

/** Folders under docs/ that hold generated output, not guides. */
const GENERATED = new Set(['api'])

/** README.md and every Markdown file under docs/, as paths relative to the root, sorted. */
export function documentationFiles(): string[] {
  const files = ['README.md']
  const walk = (dir: string): void => {
    if (!existsSync(join(root, dir))) return
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${dir}/${entry.name}`
      if (entry.name.startsWith('.')) continue
      if (entry.isDirectory() && !GENERATED.has(entry.name)) walk(path)
      else if (entry.isFile() && entry.name.endsWith('.md')) files.push(path)
    }
  }
  walk('docs')
  return files
}

/** A ```` ```ts run ```` block and the ```` ```text output ```` block after it. */
export interface RunnableExample {
  /** The file it is in, relative to the root. */
  file: string
  /** 1-based, in file order. */
  index: number
  code: string
  /** The expected lines, or undefined when no output block follows before the next run block. */
  output: string[] | undefined
}

const tokensOf = (file: string): Token[] => marked.lexer(readFileSync(join(root, file), 'utf8'))

/** Every runnable example of a file, in order. */
export function runnableExamples(file: string): RunnableExample[] {
  const examples: RunnableExample[] = []
  for (const token of tokensOf(file)) {
    if (token.type !== 'code') continue
    const lang = ((token as Tokens.Code).lang ?? '').trim()
    if (lang === 'ts run') examples.push({ file, index: examples.length + 1, code: `${(token as Tokens.Code).text}\n`, output: undefined })
    else if (lang === 'text output') {
      const last = examples.at(-1)
      if (last && last.output === undefined) last.output = (token as Tokens.Code).text.trimEnd().split('\n')
    }
  }
  return examples
}

/** Whether `actual` lines match `expected` lines: `…` is any text; a line holding only `…` is any lines. */
export function matchesOutput(actual: readonly string[], expected: readonly string[]): boolean {
  const patterns = expected.map((line) =>
    line === '…'
      ? undefined
      : new RegExp(
          `^${line
            .split('…')
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
        ),
  )
  // Bounded: outputs are a few dozen lines, and each lone `…` tries each remaining position once.
  const match = (a: number, e: number): boolean => {
    if (e === patterns.length) return a === actual.length
    const pattern = patterns[e]
    if (pattern === undefined) {
      for (let next = a; next <= actual.length; next++) if (match(next, e + 1)) return true
      return false
    }
    return a < actual.length && pattern.test(actual[a] as string) && match(a + 1, e + 1)
  }
  return match(0, 0)
}

/** A link in a Markdown file (inline, reference or definition). */
export interface MarkdownLink {
  file: string
  href: string
}

/** Every link target of a file, code spans and code blocks excluded. */
export function linksOf(file: string): MarkdownLink[] {
  const links: MarkdownLink[] = []
  // walkTokens returns the callbacks' results; these are synchronous, so there is nothing to await.
  void marked.walkTokens(tokensOf(file), (token) => {
    if (token.type === 'link' || token.type === 'image' || token.type === 'def') links.push({ file, href: (token as Tokens.Link).href })
    if (token.type === 'html') {
      for (const match of (token as Tokens.HTML).raw.matchAll(/\bhref="([^"]*)"/g)) links.push({ file, href: match[1] as string })
    }
  })
  return links
}

/** The text a heading renders, for its slug: code spans keep their text, links and emphasis their words. */
const plainText = (tokens: readonly Token[] | undefined): string =>
  (tokens ?? [])
    .map((token) => {
      if ('tokens' in token && token.tokens) return plainText(token.tokens)
      if (token.type === 'html') return ''
      return 'text' in token ? String(token.text) : ''
    })
    .join('')

/** The anchors GitHub gives a Markdown file: one slug per heading (duplicates numbered), and explicit `id`/`name` anchors. */
export function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger()
  const anchors = new Set<string>()
  void marked.walkTokens(tokensOf(file), (token) => {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)))
    if (token.type === 'html') {
      for (const match of (token as Tokens.HTML).raw.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1] as string)
    }
  })
  return anchors
}

/** A relative link's target, or undefined for an absolute URL (http:, mailto:, //host). */
export function relativeTarget(href: string): { path: string; anchor: string | undefined } | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return undefined
  const hash = href.indexOf('#')
  const path = decodeURI(hash === -1 ? href : href.slice(0, hash))
  return { path, anchor: hash === -1 ? undefined : decodeURIComponent(href.slice(hash + 1)) }
}

/** The file a relative path names from `file`, relative to the root (`''` is the file itself). */
export function resolveFrom(file: string, path: string): string {
  if (path === '') return file
  const absolute = path.startsWith('/') ? join(root, path) : join(root, file, '..', path)
  return relative(root, absolute)
}

/** The packages each ```` ```sh ```` block of a file installs (its `npm install …` lines; flags and `# comments` dropped), one list per block that installs any. */
export function installLists(file: string): string[][] {
  const lists: string[][] = []
  for (const token of tokensOf(file)) {
    if (token.type !== 'code' || !['sh', 'bash', 'shell'].includes(((token as Tokens.Code).lang ?? '').trim())) continue
    const packages: string[] = []
    for (const line of (token as Tokens.Code).text.split('\n')) {
      const words = (line.split('#')[0] as string).trim().split(/\s+/)
      if (words[0] !== 'npm' || !['install', 'i', 'add'].includes(words[1] ?? '')) continue
      packages.push(...words.slice(2).filter((word) => !word.startsWith('-')))
    }
    if (packages.length > 0) lists.push(packages)
  }
  return lists
}
