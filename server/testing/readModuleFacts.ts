import path from 'node:path'
import ts from 'typescript'

/** One import or re-export of a module: what it names, and whether it exists only for types. */
export interface ImportFact {
  specifier: string
  typeOnly: boolean
  names: string[]
}

/** The repository path a relative specifier points at from `from` (no extension), else undefined. */
export function relativeTarget(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
}

/** The file of `sources` a relative import of `from` loads (with `.ts`, `.tsx` or `/index`), else undefined. */
export function resolveRepoImport(
  from: string,
  specifier: string,
  sources: ReadonlyMap<string, string>,
): string | undefined {
  const base = relativeTarget(from, specifier)
  if (base === undefined) return undefined
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
  return candidates.find((candidate) => sources.has(candidate))
}

/**
 * The imports, re-exports and dynamic imports of one source file, and which of `watchedGlobals` it reads as
 * free variables (`Date.now` counts as the global `Date.now`).
 */
export function readModuleFacts(
  file: string,
  text: string,
  watchedGlobals: ReadonlySet<string>,
): { imports: ImportFact[]; globals: Set<string> } {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const imports: ImportFact[] = []
  const globals = new Set<string>()
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined
      const elements = named?.elements ?? []
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            elements.length > 0 &&
            elements.every((e) => e.isTypeOnly)))
      imports.push({
        specifier: node.moduleSpecifier.text,
        typeOnly,
        names: elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text),
      })
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      imports.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly, names: [] })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      imports.push({ specifier: node.arguments[0].text, typeOnly: false, names: [] })
    } else if (ts.isIdentifier(node) && watchedGlobals.has(node.text) && isGlobalReference(node)) {
      globals.add(node.text)
    } else if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Date' &&
      node.name.text === 'now'
    ) {
      if (watchedGlobals.has('Date.now')) globals.add('Date.now')
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { imports, globals }
}

/** An identifier read as a free variable (not a property name, declaration or object key). */
function isGlobalReference(node: ts.Identifier): boolean {
  const parent = node.parent
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false
  if (ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent))
    return parent.name !== node
  if (ts.isParameter(parent) || ts.isVariableDeclaration(parent) || ts.isBindingElement(parent))
    return parent.name !== node
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return false
  return true
}
