import { formatUnits } from 'viem'
import type { DepositRequest } from './getDepositRequest'

/** The BIP21-style URI scheme of each UTXO chain a deposit can come from, by the chain's `shortName`. */
const schemes: Readonly<Record<string, string>> = {
  btc: 'bitcoin',
  bch: 'bitcoincash',
  ltc: 'litecoin',
  doge: 'dogecoin',
}

/**
 * The payment URI of a UTXO deposit (BIP21: `bitcoin:<address>?amount=<coins>&message=<text>`, with the
 * `bitcoincash:`, `litecoin:` and `dogecoin:` schemes), for any wallet's QR scanner or link handler; undefined
 * for a chain with no such scheme (Cosmos, EVM). The amount is the exact base-unit integer written in whole coins
 * (`formatUnits` works on the bigint's digits, no float), so the wallet pays what the quote asks to the satoshi.
 * A CashAddr address carries its prefix (`bitcoincash:`, `bchreg:`) and is its own URI, the prefix being the
 * scheme (CashAddr spec).
 *
 * The memo is not in the URI as something a wallet would write on chain: BIP21 has no OP_RETURN field, and the
 * one convention that has (`op_return_raw`) is eCash's (Bitcoin ABC's bip21-ecash-additions), not BTC's, BCH's,
 * LTC's or DOGE's; a wallet ignores an unknown parameter and would pay without the memo, which the network
 * refunds. So it goes in `message`, the note BIP21 shows the payer, and the deposit view still asks for it. A
 * memoless deposit (no memo: its amount carries the reference) is address and amount alone: any wallet pays it
 * as it is. Pure.
 */
export function buildDepositPaymentUri(shortName: string, deposit: DepositRequest): string | undefined {
  const scheme = schemes[shortName]
  if (scheme === undefined) return undefined
  const target = deposit.address.includes(':') ? deposit.address : `${scheme}:${deposit.address}`
  const amount = formatUnits(deposit.amount, deposit.decimals)
  if (deposit.memo === '') return `${target}?amount=${amount}`
  const message = encodeURIComponent(`OP_RETURN memo ${deposit.memo}`)
  return `${target}?amount=${amount}&message=${message}`
}
