import type { Layout, PackageStruct } from './moveLayout.js'

// The names and type expressions the generated file writes for a struct or a field.

function pascal(name: string): string {
  return name
    .split('_')
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('')
}

export const interfaceName = (target: PackageStruct) => `${pascal(target.module.name)}${target.struct.name}`
export const constName = (target: PackageStruct) => `$${target.module.name}$${target.struct.name}`

export function tsType(layout: Layout): string {
  switch (layout.kind) {
    case 'primitive':
      return layout.name === 'bool'
        ? 'boolean'
        : layout.name === 'u8' || layout.name === 'u16' || layout.name === 'u32'
          ? 'number'
          : 'string'
    case 'vector':
      return `Array<${tsType(layout.element)}>`
    case 'option':
      return `${tsType(layout.element)} | null`
    case 'builtin':
      return layout.name === 'UID' ? '{ id: string }' : layout.name === 'typeName' ? '{ name: string }' : 'string'
    case 'balance':
      return 'string'
    case 'parameter':
      return layout.name
    case 'struct': {
      const args = layout.typeArguments.flatMap((argument) => ('layout' in argument ? [tsType(argument.layout)] : []))
      return `${interfaceName(layout.target)}${args.length === 0 ? '' : `<${args.join(', ')}>`}`
    }
  }
}

export function runtimeType(layout: Layout): string {
  switch (layout.kind) {
    case 'primitive':
    case 'builtin':
      return `$t.${layout.name}`
    case 'vector':
    case 'option':
      return `$t.${layout.kind}(${runtimeType(layout.element)})`
    case 'balance':
      return `$t.balance(\`${layout.coin}\`)`
    case 'parameter':
      return `$${layout.name}`
    case 'struct': {
      if (layout.typeArguments.length === 0) return constName(layout.target)
      const args = layout.typeArguments.map((argument) => ('layout' in argument ? runtimeType(argument.layout) : `\`${argument.name}\``))
      return `${constName(layout.target)}.of(${args.join(', ')})`
    }
  }
}

export function docLines(text: string | undefined, indent: string): string[] {
  return text ? text.split('\n').map((line) => `${indent} * ${line.replaceAll('*/', '*\\/')}`.trimEnd()) : []
}
