import type { TokenRecord } from '../../../lib/api'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import { compareGaslessNet } from '../model/compareGaslessNet'

/**
 * Both ways of paying for the same sale side by side, so a gasless order never looks free: the normal swap's
 * output with the network fee the user pays, the gasless output with the relayer's fee already taken out, and
 * what each leaves in USD; the better one is named.
 */
export function GaslessComparison(props: {
  quote: { toTokenAmount: string; amountOutUsd: number | null; gasCostUsd: number | null }
  gaslessAmountOut: bigint
  relayerFee: bigint
  from: TokenRecord
  to: TokenRecord
}) {
  const { quote, from, to } = props
  const net = compareGaslessNet({ quote, gaslessAmountOut: props.gaslessAmountOut })
  const amount = (value: bigint, token: TokenRecord, roundingMode: 'trunc' | 'ceil') =>
    `${formatTokenAmount({ amount: value, decimals: token.decimals, roundingMode })} ${token.symbol}`
  const gas = formatUsd({ value: quote.gasCostUsd })
  const rows = [
    {
      name: 'Pay gas',
      receive: amount(BigInt(quote.toTokenAmount), to, 'trunc'),
      cost: gas === undefined ? 'network fee' : `${gas} network fee`,
      netUsd: net.gasPaidUsd,
    },
    {
      name: 'Gasless',
      receive: amount(props.gaslessAmountOut, to, 'trunc'),
      cost: `${amount(props.relayerFee, from, 'ceil')} relayer fee, included`,
      netUsd: net.gaslessUsd,
    },
  ]
  const { gasPaidUsd, gaslessUsd } = net
  const verdict =
    gasPaidUsd === undefined || gaslessUsd === undefined
      ? undefined
      : gaslessUsd >= gasPaidUsd
        ? `Gasless leaves you ${formatUsd({ value: gaslessUsd - gasPaidUsd })} more.`
        : `Paying gas leaves you ${formatUsd({ value: gasPaidUsd - gaslessUsd })} more.`
  return (
    <div className="space-y-1 text-sm">
      <table aria-label="Gas-paid and gasless compared" className="w-full">
        <thead className="text-left text-xs text-muted">
          <tr>
            <th scope="col" className="font-medium">
              Option
            </th>
            <th scope="col" className="font-medium">
              You receive
            </th>
            <th scope="col" className="text-right font-medium">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" className="text-left font-semibold">
                {row.name}
              </th>
              <td className="tabular-nums">
                {row.receive}
                <span className="block text-xs text-muted">{row.cost}</span>
              </td>
              <td className="text-right tabular-nums">{formatUsd({ value: row.netUsd }) ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {verdict !== undefined && <p className="text-xs text-muted">{verdict}</p>}
    </div>
  )
}
