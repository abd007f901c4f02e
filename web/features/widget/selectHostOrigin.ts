/**
 * The one origin the widget talks to: among the allowed `hostOrigins`, the embedding page's origin as the
 * browser reports it (`location.ancestorOrigins[0]`, else the referrer's origin); with a single allowed origin and
 * no report, that origin (the browser drops messages to a parent of another origin). Undefined when nothing is
 * allowed or the reported parent is not allowed: then the widget sends nothing and accepts nothing.
 */
export function selectHostOrigin(params: {
  hostOrigins: readonly string[]
  ancestorOrigin: string | undefined
  referrer: string
}): string | undefined {
  const { hostOrigins, ancestorOrigin } = params
  let reported = ancestorOrigin
  if (reported === undefined && params.referrer !== '') {
    try {
      reported = new URL(params.referrer).origin
    } catch (_error: unknown) {
      reported = undefined
    }
  }
  if (reported !== undefined) return hostOrigins.includes(reported) ? reported : undefined
  return hostOrigins.length === 1 ? hostOrigins[0] : undefined
}
