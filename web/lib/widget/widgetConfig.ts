import { isAddress } from 'viem'
import { en } from 'zod/locales'
import * as z from 'zod/mini'

// zod/mini carries no messages of its own: the English ones name what a field expects ("Too big: ...")
z.config(en())

/** Parts of the widget's UI an integrator may hide. */
export const hideableParts = ['title', 'chainSelector', 'wallet', 'settings', 'quoteList'] as const
export type HideablePart = (typeof hideableParts)[number]

/** Flows the widget can offer; only those the chain list advertises are ever shown. */
export const widgetFlows = ['singleChain', 'crossChain', 'utxo'] as const
export type WidgetFlow = (typeof widgetFlows)[number]

/** Highest integrator fee the API accepts (fraction of the output; `singleSwapLimits.maxFeeFraction`). */
export const maxWidgetFeeFraction = 0.03

const decimalAmount = z.string().check(z.regex(/^(\d+\.?\d*|\.\d+)$/, 'a plain decimal amount'))
const tokenRef = z.string().check(z.trim(), z.minLength(1), z.maxLength(64))
const chainId = z.int().check(z.positive())
const origin = z.string().check(
  z.refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value
    } catch (_error: unknown) {
      return false
    }
  }, 'an origin such as https://example.com (scheme, host and port only)'),
)

/**
 * Everything an integrator can set, from URL parameters or `postMessage` (all optional). `wallet` and
 * `hostOrigins` are fixed when the iframe loads (URL only); the rest can change at any time. Written with
 * `zod/mini`, the tree-shaken form of zod: the widget's first view downloads it.
 */
export const widgetConfigSchema = z
  .strictObject({
    theme: z.optional(z.enum(['light', 'dark', 'auto'])),
    accent: z.optional(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #0f766e'))),
    radius: z.optional(z.number().check(z.gte(0), z.lte(24))),
    font: z.optional(z.string().check(z.regex(/^[\w ,'"-]{1,100}$/, 'a CSS font-family list'))),
    chains: z.optional(z.array(chainId).check(z.minLength(1))),
    chain: z.optional(chainId),
    tokens: z.optional(z.array(tokenRef).check(z.minLength(1))),
    from: z.optional(tokenRef),
    to: z.optional(tokenRef),
    amount: z.optional(decimalAmount),
    fixedPair: z.optional(z.boolean()),
    fixedAmount: z.optional(z.boolean()),
    exactOut: z.optional(z.boolean()),
    slippage: z.optional(z.number().check(z.gte(0.01), z.lte(20))),
    flows: z.optional(z.array(z.enum(widgetFlows))),
    apiKey: z.optional(z.string().check(z.regex(/^[\w.-]{8,128}$/, 'an API key'))),
    feePercentage: z.optional(z.number().check(z.gte(0), z.lte(maxWidgetFeeFraction))),
    feeReceiver: z.optional(z.string().check(z.refine((value) => isAddress(value), 'an EVM address'))),
    hide: z.optional(z.array(z.enum(hideableParts))),
    wallet: z.optional(z.enum(['widget', 'host'])),
    hostOrigins: z.optional(z.array(origin)),
  })
  .check(
    z.refine(
      (config) => (config.feePercentage ?? 0) === 0 || config.feeReceiver !== undefined,
      'feeReceiver is required with a feePercentage above 0',
    ),
  )

/** An integrator's configuration as given (every field optional). */
export type WidgetConfigInput = z.infer<typeof widgetConfigSchema>

/** The configuration the widget runs with: the input's fields plus defaults for the switches. */
export type WidgetConfig = WidgetConfigInput & {
  theme: 'light' | 'dark' | 'auto'
  fixedPair: boolean
  fixedAmount: boolean
  exactOut: boolean
  hide: readonly HideablePart[]
  wallet: 'widget' | 'host'
  hostOrigins: readonly string[]
}

export type WidgetConfigResult = { ok: true; config: WidgetConfigInput } | { ok: false; errors: string[] }

/**
 * Validates an integrator's configuration (from JSON or a `postMessage`): unknown fields, wrong types,
 * out-of-range values (fee above 3%, slippage above 20%), a fee without its receiver are errors, one line per
 * problem (`path: message`). Pure.
 */
export function parseWidgetConfig(input: unknown): WidgetConfigResult {
  const result = widgetConfigSchema.safeParse(input)
  if (result.success) return { ok: true, config: result.data }
  return {
    ok: false,
    errors: result.error.issues.map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
    ),
  }
}

/** Fills the switches' defaults: auto theme, nothing fixed or hidden, exact output on, the widget's own wallet. */
export function withWidgetDefaults(input: WidgetConfigInput): WidgetConfig {
  return {
    ...input,
    theme: input.theme ?? 'auto',
    fixedPair: input.fixedPair ?? false,
    fixedAmount: input.fixedAmount ?? false,
    exactOut: input.exactOut ?? true,
    hide: input.hide ?? [],
    wallet: input.wallet ?? 'widget',
    hostOrigins: input.hostOrigins ?? [],
  }
}
