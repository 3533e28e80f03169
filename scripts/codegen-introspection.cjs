// graphql-codegen plugin: the schema's introspection as TypeScript types, in the pre-processed
// form gql.tada reads fastest, for `graphql` of chainx-sdk/graphql (src/graphql/typedDocuments.ts).
// Types only: nothing of it reaches a bundle. gql.tada's own writer (@gql.tada/internal) makes
// the text; its `declare module 'gql.tada'` block, which would set up the app's own gql.tada
// with this schema, is left out.
'use strict'
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS plugin, as graphql-codegen loads it */

const { introspectionFromSchema } = require('graphql')
const { minifyIntrospection, outputIntrospectionFile } = require('@gql.tada/internal')

module.exports = {
  plugin(schema) {
    const text = outputIntrospectionFile(minifyIntrospection(introspectionFromSchema(schema)), {
      fileType: '.d.ts',
      shouldPreprocess: true,
    })
    const augmentation = text.indexOf("import * as gqlTada from 'gql.tada';")
    if (augmentation === -1) throw new Error('@gql.tada/internal output changed: no setupSchema augmentation to leave out')
    return `${text
      .slice(0, augmentation)
      .replace(/^\/\* eslint-disable \*\/\n\/\* prettier-ignore \*\/\n/, '')
      .trimEnd()}\n`
  },
}
