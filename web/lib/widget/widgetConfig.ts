import { isAddress } from 'viem'
import { z } from 'zod'

/** Parts of the widget's UI an integrator may hide. */
export const hideableParts = ['title', 'chainSelector', 'wallet', 'settings', 'quoteList'] as const
export type HideablePart = (typeof hideableParts)[number]

/** Flows the widget can offer; only those the chain list advertises are ever shown. */
export const widgetFlows = ['singleChain', 'crossChain', 'utxo'] as const
export type WidgetFlow = (typeof widgetFlows)[number]

/** Highest integrator fee the API accepts (fraction of the output; `singleSwapLimits.maxFeeFraction`). */
export const maxWidgetFeeFraction = 0.03

const decimalAmount = z.string().regex(/^(\d+\.?\d*|\.\d+)$/, 'a plain decimal amount')
const tokenRef = z.string().trim().min(1).max(64)
const chainId = z.number().int().positive()
const origin = z.string().refine((value) => {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value
  } catch (_error: unknown) {
    return false
  }
}, 'an origin such as https://example.com (scheme, host and port only)')

/**
 * Everything an integrator can set, from URL parameters or `postMessage` (all optional). `wallet` and
 * `hostOrigins` are fixed when the iframe loads (URL only); the rest can change at any time.
 */
export const widgetConfigSchema = z
  .object({
    theme: z.enum(['light', 'dark', 'auto']).optional(),
    accent: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'a colour such as #0f766e')
      .optional(),
    radius: z.number().min(0).max(24).optional(),
    font: z
      .string()
      .regex(/^[\w ,'"-]{1,100}$/, 'a CSS font-family list')
      .optional(),
    chains: z.array(chainId).min(1).optional(),
    chain: chainId.optional(),
    tokens: z.array(tokenRef).min(1).optional(),
    from: tokenRef.optional(),
    to: tokenRef.optional(),
    amount: decimalAmount.optional(),
    fixedPair: z.boolean().optional(),
    fixedAmount: z.boolean().optional(),
    exactOut: z.boolean().optional(),
    slippage: z.number().min(0.01).max(20).optional(),
    flows: z.array(z.enum(widgetFlows)).optional(),
    apiKey: z
      .string()
      .regex(/^[\w.-]{8,128}$/, 'an API key')
      .optional(),
    feePercentage: z.number().min(0).max(maxWidgetFeeFraction).optional(),
    feeReceiver: z
      .string()
      .refine((value) => isAddress(value), 'an EVM address')
      .optional(),
    hide: z.array(z.enum(hideableParts)).optional(),
    wallet: z.enum(['widget', 'host']).optional(),
    hostOrigins: z.array(origin).optional(),
  })
  .strict()
  .refine(
    (config) => (config.feePercentage ?? 0) === 0 || config.feeReceiver !== undefined,
    'feeReceiver is required with a feePercentage above 0',
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
