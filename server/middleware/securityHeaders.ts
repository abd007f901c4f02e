import type { MiddlewareHandler } from 'hono'
import { type ContentSecurityPolicyOptionHandler, secureHeaders } from 'hono/secure-headers'
import { isApiPath, matchesPathPrefix } from './apiPaths'

type ContentSecurityPolicy = Record<string, (string | ContentSecurityPolicyOptionHandler)[]>

export type SecurityHeadersParams = {
  /** WalletConnect is configured (`WALLETCONNECT_PROJECT_ID`): the app may reach its relay and verifier. */
  walletConnect?: boolean
  /** Origins that may frame `/widget`; any site when empty or absent. */
  widgetFrameAncestors?: readonly string[]
}

/** The embed script (`web/embed`, built to `dist/`): integrators' pages load it from their own origin. */
export const embedScriptPaths = ['/widget.js', '/widget.mjs'] as const

/* Reown's published CSP guidance for WalletConnect (docs.reown.com/advanced/security/content-security-policy). */
const walletConnectConnect = [
  'https://rpc.walletconnect.com',
  'https://rpc.walletconnect.org',
  'https://relay.walletconnect.com',
  'https://relay.walletconnect.org',
  'wss://relay.walletconnect.com',
  'wss://relay.walletconnect.org',
  'https://pulse.walletconnect.com',
  'https://pulse.walletconnect.org',
  'https://api.web3modal.com',
  'https://api.web3modal.org',
  'https://keys.walletconnect.com',
  'https://keys.walletconnect.org',
  'https://notify.walletconnect.com',
  'https://notify.walletconnect.org',
  'https://echo.walletconnect.com',
  'https://echo.walletconnect.org',
  'https://push.walletconnect.com',
  'https://push.walletconnect.org',
  'https://explorer-api.walletconnect.com',
  'https://verify.walletconnect.com',
  'https://verify.walletconnect.org',
]
const walletConnectFrames = [
  'https://verify.walletconnect.com',
  'https://verify.walletconnect.org',
  'https://secure.walletconnect.com',
  'https://secure.walletconnect.org',
]

/**
 * The web app's policy. Scripts come from the build only (no inline script, no eval); styles allow
 * inline because RainbowKit writes its theme into a `<style>` element; images may be any https URL
 * (token lists point at logo hosts) or data/blob URLs (wallet icons); chain calls go through the
 * same-origin `/rpc` proxy, so `connect-src` is `'self'` unless WalletConnect is configured.
 */
function buildAppPolicy(walletConnect: boolean, frameAncestors: string[]): ContentSecurityPolicy {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(walletConnect ? walletConnectConnect : [])],
    frameSrc: walletConnect ? ["'self'", ...walletConnectFrames] : ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors,
  }
}

/*
 * Swagger UI (swagger-ui-dist 5): its bundle and init script are local files, it needs no eval (its one
 * `new Function` is a guarded fallback for a missing globalThis), React sets inline styles, its icons
 * are data: URLs, and "Try it out" calls this origin.
 */
const docsPolicy: ContentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
}

/** JSON answers are never rendered as documents: nothing may load from them. */
const apiPolicy: ContentSecurityPolicy = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] }

/**
 * Security headers for every response, in four flavours:
 * - `/widget` (the embeddable app): the app's Content-Security-Policy with `frame-ancestors *` (or the
 *   deployment's `widgetFrameAncestors`) and no `X-Frame-Options`, so other sites can embed it in an iframe;
 * - the embed script (`/widget.js`, `/widget.mjs`): a cross-origin resource policy and
 *   `Access-Control-Allow-Origin: *`, so any page can load it as a script or import it as a module;
 * - `/docs`: a policy for Swagger UI (self-hosted scripts, no eval);
 * - other API paths: `default-src 'none'` and `Cross-Origin-Resource-Policy: cross-origin`, so
 *   integrators' pages can load token logos and responses;
 * - everything else (the app): the app's policy, `X-Frame-Options: SAMEORIGIN` and a same-origin
 *   resource policy.
 * The opener policy allows popups because wallet SDKs open them and talk back to the opener.
 */
export function securityHeaders({
  walletConnect = false,
  widgetFrameAncestors = [],
}: SecurityHeadersParams = {}): MiddlewareHandler {
  const common = { crossOriginOpenerPolicy: 'same-origin-allow-popups' } as const
  const widget = secureHeaders({
    ...common,
    xFrameOptions: false,
    contentSecurityPolicy: buildAppPolicy(
      walletConnect,
      widgetFrameAncestors.length === 0 ? ['*'] : [...widgetFrameAncestors],
    ),
  })
  const embedScript = secureHeaders({
    ...common,
    crossOriginResourcePolicy: 'cross-origin',
    contentSecurityPolicy: apiPolicy,
  })
  const docs = secureHeaders({ ...common, contentSecurityPolicy: docsPolicy })
  const api = secureHeaders({
    ...common,
    crossOriginResourcePolicy: 'cross-origin',
    contentSecurityPolicy: apiPolicy,
  })
  const app = secureHeaders({ ...common, contentSecurityPolicy: buildAppPolicy(walletConnect, ["'self'"]) })
  return (c, next) => {
    const path = c.req.path
    if (matchesPathPrefix(path, ['/widget'])) return widget(c, next)
    if (embedScriptPaths.some((p) => p === path)) {
      c.header('access-control-allow-origin', '*')
      return embedScript(c, next)
    }
    if (matchesPathPrefix(path, ['/docs'])) return docs(c, next)
    if (isApiPath(path)) return api(c, next)
    return app(c, next)
  }
}
