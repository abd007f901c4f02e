import path from 'node:path'
import ts from 'typescript'

/** Folders whose code must stay pure (no I/O, clock or environment), directly and through what it imports. */
export const pureFolders: readonly string[] = ['server/routing/', 'server/poolKinds/', 'server/thorchain/']

/** Repository modules that do I/O or hold process state: pure code must not reach them. */
const impureRepoPrefixes = [
  'server/store/',
  'server/market/',
  'server/pools/',
  'server/devnet/',
  'server/routes/',
  'server/logger.ts',
  'server/config.ts',
  'server/chains/readFromNode.ts',
]

/** viem's entry points and names that talk to a node. */
const viemIoNames = new Set(['createPublicClient', 'createWalletClient', 'createTestClient', 'createClient'])
const viemIoNamesTransports = new Set(['http', 'webSocket', 'fallback', 'custom', 'ipc'])
const impurePackages = [/^node:/, /^viem\/actions/, /^pg$/, /^@electric-sql\//, /^drizzle-orm/]
const impureGlobals = new Set([
  'fetch',
  'process',
  'setTimeout',
  'setInterval',
  'XMLHttpRequest',
  'WebSocket',
])

export interface BoundaryViolation {
  file: string
  rule: 'pure-io' | 'web-imports-server' | 'feature-internals' | 'component-imports-feature'
  message: string
}

interface ImportFact {
  specifier: string
  typeOnly: boolean
  names: string[]
}

/**
 * Checks the module boundaries of the repository over `sources` (repo-relative path -> source text):
 * code under `pureFolders`, and every module it imports at run time, does no I/O (node built-ins,
 * viem clients and transports, the database, the logger, config, `fetch`, timers, `process`); the web
 * app imports only types from `server/`; a web feature is imported from outside only through its
 * `index.ts`; shared web components import no feature. Returns every violation, none when clean.
 */
export function findBoundaryViolations(sources: ReadonlyMap<string, string>): BoundaryViolation[] {
  const facts = new Map<string, { imports: ImportFact[]; globals: Set<string> }>()
  const factsOf = (file: string) => {
    let found = facts.get(file)
    if (found === undefined) {
      found = readFacts(file, sources.get(file) ?? '')
      facts.set(file, found)
    }
    return found
  }
  const violations: BoundaryViolation[] = []

  const pureQueue = [...sources.keys()].filter((file) =>
    pureFolders.some((folder) => file.startsWith(folder)),
  )
  const seen = new Set<string>()
  while (pureQueue.length > 0) {
    const file = pureQueue.pop()
    if (file === undefined || seen.has(file)) continue
    seen.add(file)
    const { imports, globals } = factsOf(file)
    for (const name of globals) {
      violations.push({ file, rule: 'pure-io', message: `pure code uses the global \`${name}\`` })
    }
    for (const fact of imports) {
      if (fact.typeOnly) continue
      const target = resolve(file, fact.specifier, sources)
      if (target === undefined) {
        if (impurePackages.some((pattern) => pattern.test(fact.specifier))) {
          violations.push({ file, rule: 'pure-io', message: `pure code imports ${fact.specifier}` })
        }
        if (fact.specifier === 'viem') {
          for (const name of fact.names.filter((n) => viemIoNames.has(n) || viemIoNamesTransports.has(n))) {
            violations.push({ file, rule: 'pure-io', message: `pure code imports viem's ${name}` })
          }
        }
        continue
      }
      if (impureRepoPrefixes.some((prefix) => target.startsWith(prefix))) {
        violations.push({ file, rule: 'pure-io', message: `pure code imports ${target}` })
        continue
      }
      pureQueue.push(target)
    }
  }

  for (const file of sources.keys()) {
    if (!file.startsWith('web/')) continue
    const ownFeature = featureOf(file)
    for (const fact of factsOf(file).imports) {
      const target = resolve(file, fact.specifier, sources) ?? relativeTarget(file, fact.specifier)
      if (target === undefined) continue
      if (target.startsWith('server/') && !fact.typeOnly) {
        violations.push({ file, rule: 'web-imports-server', message: `imports ${target} at run time` })
      }
      const feature = featureOf(target)
      if (feature === undefined || feature === ownFeature) continue
      if (file.startsWith('web/components/')) {
        violations.push({
          file,
          rule: 'component-imports-feature',
          message: `imports the feature ${feature}`,
        })
      } else if (!/^web\/features\/[^/]+\/index\.tsx?$/.test(target)) {
        violations.push({ file, rule: 'feature-internals', message: `imports ${target} (use its index.ts)` })
      }
    }
  }
  return violations
}

function featureOf(file: string): string | undefined {
  return /^web\/features\/([^/]+)\//.exec(file)?.[1]
}

function relativeTarget(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
}

function resolve(from: string, specifier: string, sources: ReadonlyMap<string, string>): string | undefined {
  const base = relativeTarget(from, specifier)
  if (base === undefined) return undefined
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
  return candidates.find((candidate) => sources.has(candidate))
}

function readFacts(file: string, text: string): { imports: ImportFact[]; globals: Set<string> } {
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
    } else if (ts.isIdentifier(node) && impureGlobals.has(node.text) && isGlobalReference(node)) {
      globals.add(node.text)
    } else if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Date' &&
      node.name.text === 'now'
    ) {
      globals.add('Date.now')
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
