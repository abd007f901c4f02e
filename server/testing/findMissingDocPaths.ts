/** Top-level folders and files of the repository a document may name as a path. */
const repoRoots = ['server/', 'web/', 'contracts/', 'e2e/', 'bench/', 'docs/', 'public/', '.ci/']

/**
 * The repository paths a Markdown document names in backticks or links that `exists` says are missing.
 * A path is a backticked word or link target starting with one of the repository's top-level folders; a
 * trailing `/`, `:line` or `#anchor` is ignored, and a name with a placeholder (`<x>`, `*`, `{x}`, `...`) is
 * skipped, since it names a family of files, not one. `relativeTo` resolves links relative to the document.
 */
export function findMissingDocPaths(
  markdown: string,
  exists: (repoPath: string) => boolean,
  relativeTo = '',
): string[] {
  const missing = new Set<string>()
  const candidates = [
    ...[...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] ?? ''),
    ...[...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => joinRelative(relativeTo, m[1] ?? '')),
  ]
  for (const raw of candidates) {
    const candidate = raw.replace(/[#:].*$/, '').replace(/\/$/, '')
    if (!repoRoots.some((root) => candidate.startsWith(root))) continue
    if (/[<>*{}]|\.\.\./.test(candidate)) continue
    if (!exists(candidate)) missing.add(candidate)
  }
  return [...missing].sort()
}

function joinRelative(base: string, target: string): string {
  if (/^[a-z]+:/.test(target) || target.startsWith('#')) return ''
  const parts = base === '' ? [] : base.split('/')
  for (const part of target.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.') parts.push(part)
  }
  return parts.join('/')
}
