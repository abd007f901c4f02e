import * as z from 'zod/mini'
import type { HostToWidgetMessage } from './widgetProtocol'
import { isWireMessage } from './widgetProtocol'

const hostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('config'), config: z.record(z.string(), z.unknown()) }),
  z.object({
    type: z.literal('rpcResponse'),
    id: z.int(),
    result: z.optional(z.unknown()),
    error: z.optional(z.object({ code: z.int(), message: z.string() })),
  }),
  z.object({
    type: z.literal('providerEvent'),
    event: z.enum(['accountsChanged', 'chainChanged', 'disconnect']),
    data: z.unknown(),
  }),
])

/**
 * The host message in `data`, or undefined when it is not one (another protocol, another version, an unknown
 * type or a malformed payload). A `config` payload is only checked to be an object here: its fields are
 * validated by `parseWidgetConfig` where it is applied, so errors can be reported back to the host.
 */
export function parseHostMessage(data: unknown): HostToWidgetMessage | undefined {
  if (!isWireMessage(data)) return undefined
  const result = hostMessageSchema.safeParse(data)
  return result.success ? (result.data as HostToWidgetMessage) : undefined
}
