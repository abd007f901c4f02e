import { useState } from 'react'
import type { ChainRecord } from '../../../lib/api'
import { useDevnetDepositWallet } from '../../depositWallet'
import type { CrossToken } from '../model/CrossToken'
import type { CrossAmountSide } from '../model/getCrossFieldTexts'
import { getCrossReceiver } from '../model/getCrossReceiver'
import { getCrossSender } from '../model/getCrossSender'
import { nativeTokenOf } from '../model/nativeTokenOf'

/**
 * What the user typed on the cross-chain form: the tokens of each side (native coins first), the amount and the
 * field it was typed in (`side`: the pay field, or the receive field for an exact output), the receiver and, from
 * a UTXO or Cosmos chain, the refund address; and from them who receives and who pays (`getCrossReceiver`,
 * `getCrossSender`), where the built-in wallet of a devnet UTXO chain stands in for an address left empty.
 */
export function useCrossForm(params: {
  source: ChainRecord
  destination: ChainRecord
  account: `0x${string}` | undefined
}) {
  const { source, destination, account } = params
  const sourceEvm = source.family === 'evm'
  const destinationEvm = destination.family === 'evm'
  // on devnet UTXO chains the built-in devnet wallet pays deposits, takes refunds and receives
  const sourceDevnetWallet = useDevnetDepositWallet(sourceEvm ? undefined : source)
  const destinationDevnetWallet = useDevnetDepositWallet(destinationEvm ? undefined : destination)
  const [from, setFrom] = useState<CrossToken>(() => nativeTokenOf(source))
  const [to, setTo] = useState<CrossToken>(() => nativeTokenOf(destination))
  const [amountText, setAmountText] = useState('')
  const [side, setSide] = useState<CrossAmountSide>('in')
  const [receiverText, setReceiverText] = useState('')
  const [refundText, setRefundText] = useState('')
  const onType = (field: CrossAmountSide, text: string) => {
    setSide(field)
    setAmountText(text)
  }
  return {
    receiver: getCrossReceiver({
      typed: receiverText,
      destinationEvm,
      account,
      devnetAddress: destinationDevnetWallet?.address,
    }),
    sender: getCrossSender({
      sourceEvm,
      account,
      typedRefund: refundText,
      devnetAddress: sourceDevnetWallet?.address,
    }),
    sourceDevnetAddress: sourceDevnetWallet?.address,
    destinationDevnetAddress: destinationDevnetWallet?.address,
    from,
    setFrom,
    to,
    setTo,
    amountText,
    side,
    onType,
    receiverText,
    setReceiverText,
    refundText,
    setRefundText,
  }
}

export type CrossForm = ReturnType<typeof useCrossForm>
