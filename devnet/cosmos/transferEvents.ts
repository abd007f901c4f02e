import { type CosmosCoin, formatCoins } from './cosmosCoins'

/** An ABCI event as CometBFT 0.38 returns it (attributes as plain strings, each indexed). */
export interface CosmosEvent {
  readonly type: string
  readonly attributes: readonly { key: string; value: string; index: boolean }[]
}

/** An event with indexed attributes, `msg_index` last when the event belongs to a message. */
export function cosmosEvent(type: string, attributes: [string, string][], msgIndex?: number): CosmosEvent {
  const all: [string, string][] =
    msgIndex === undefined ? attributes : [...attributes, ['msg_index', String(msgIndex)]]
  return { type, attributes: all.map(([key, value]) => ({ key, value, index: true })) }
}

/**
 * The events x/bank emits for one transfer, in its order: `coin_spent` (spender), `coin_received`
 * (receiver), `transfer` (recipient, sender, amount) and `message` (sender), tagged with the message's
 * index when the transfer is a message's (not the fee's).
 */
export function transferEvents(
  from: string,
  to: string,
  amount: readonly CosmosCoin[],
  msgIndex?: number,
): CosmosEvent[] {
  const coins = formatCoins(amount)
  return [
    cosmosEvent(
      'coin_spent',
      [
        ['spender', from],
        ['amount', coins],
      ],
      msgIndex,
    ),
    cosmosEvent(
      'coin_received',
      [
        ['receiver', to],
        ['amount', coins],
      ],
      msgIndex,
    ),
    cosmosEvent(
      'transfer',
      [
        ['recipient', to],
        ['sender', from],
        ['amount', coins],
      ],
      msgIndex,
    ),
    cosmosEvent('message', [['sender', from]], msgIndex),
  ]
}
