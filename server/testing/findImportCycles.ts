import { readModuleFacts, resolveRepoImport } from './readModuleFacts'

const noGlobals: ReadonlySet<string> = new Set()

/**
 * The import cycles among `sources` (repo-relative path -> source text): each strongly connected group of
 * modules that import one another at run time (static, re-export or dynamic imports; type-only imports load
 * nothing and are left out), as its files sorted, the groups sorted by their first file. Empty when the
 * import graph is acyclic. A module importing itself is a cycle of one.
 */
export function findImportCycles(sources: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, string[]>()
  for (const [file, text] of sources) {
    const targets = readModuleFacts(file, text, noGlobals)
      .imports.filter((fact) => !fact.typeOnly)
      .map((fact) => resolveRepoImport(file, fact.specifier, sources))
      .filter((target): target is string => target !== undefined)
    edges.set(file, targets)
  }

  // Tarjan's strongly connected components, iterative so deep graphs cannot overflow the stack.
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const cycles: string[][] = []
  let counter = 0
  for (const root of edges.keys()) {
    if (index.has(root)) continue
    const work: { file: string; next: number }[] = [{ file: root, next: 0 }]
    index.set(root, counter)
    lowLink.set(root, counter++)
    stack.push(root)
    onStack.add(root)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      if (frame === undefined) break
      const targets = edges.get(frame.file) ?? []
      const target = targets[frame.next++]
      if (target !== undefined) {
        if (!index.has(target)) {
          index.set(target, counter)
          lowLink.set(target, counter++)
          stack.push(target)
          onStack.add(target)
          work.push({ file: target, next: 0 })
        } else if (onStack.has(target)) {
          lowLink.set(frame.file, Math.min(lowLink.get(frame.file) ?? 0, index.get(target) ?? 0))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent !== undefined) {
        lowLink.set(parent.file, Math.min(lowLink.get(parent.file) ?? 0, lowLink.get(frame.file) ?? 0))
      }
      if (lowLink.get(frame.file) !== index.get(frame.file)) continue
      const group: string[] = []
      for (;;) {
        const member = stack.pop()
        if (member === undefined) break
        onStack.delete(member)
        group.push(member)
        if (member === frame.file) break
      }
      if (group.length > 1 || targets.includes(frame.file)) cycles.push(group.sort())
    }
  }
  return cycles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''))
}
