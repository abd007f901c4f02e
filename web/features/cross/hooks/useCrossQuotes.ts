import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ChainRecord } from '../../../lib/api'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'
import { crossQuotesQueryOptions } from '../api/crossQuotesQueryOptions'
import { describeCrossQuoteError } from '../model/describeCrossQuoteError'
import { getCrossFieldTexts } from '../model/getCrossFieldTexts'
import { labelOffers } from '../model/labelOffers'
import { parseCrossAmount } from '../model/parseCrossAmount'
import { selectExactOutOffers } from '../model/selectExactOutOffers'
import type { CrossForm } from './useCrossForm'

/** Milliseconds typing must pause before the offers are asked for. */
const typingDebounceMs = 300

/**
 * The offers for what the form says, once typing pauses: an amount typed in the receive field asks for an exact
 * output and keeps only the offers that pay exactly it. Also the offer picked (the first by default), the labels
 * of each, the texts of both amount fields and the error of the last answer. `enabled` false (behind the deposit
 * or progress view) stops refreshing: the offer taken is the one shown.
 */
export function useCrossQuotes(params: {
  source: ChainRecord
  destination: ChainRecord
  form: Pick<CrossForm, 'from' | 'to' | 'side' | 'amountText'>
  receiver: string | undefined
  slippagePercent: number
  enabled: boolean
}) {
  const { source, destination, receiver } = params
  const { from, to, side, amountText } = params.form
  const [picked, setPicked] = useState(0)
  const typedKey = `${side}:${amountText}`
  const debouncedKey = useDebouncedValue(typedKey, typingDebounceMs)
  const exactOut = debouncedKey.startsWith('out:')
  const amount = parseCrossAmount(
    debouncedKey.slice(debouncedKey.indexOf(':') + 1),
    exactOut ? to.decimals : from.decimals,
  )
  const query = useQuery({
    ...crossQuotesQueryOptions({
      sourceChainId: source.chainId,
      destinationChainId: destination.chainId,
      fromTokenAddress: from.address,
      toTokenAddress: to.address,
      amount,
      isExactOut: exactOut,
      receiver,
      slippagePercent: params.slippagePercent,
    }),
    enabled: params.enabled && amount !== undefined && receiver !== undefined,
  })
  const answered = query.data ?? []
  const offers = exactOut && amount !== undefined ? selectExactOutOffers(answered, amount) : answered
  const offer = offers[picked] ?? offers[0]
  /** The answer is of the amount on screen (not of one typed before). */
  const current = debouncedKey === typedKey
  const fields = getCrossFieldTexts({
    side,
    typed: amountText,
    // the other field follows the offer of the amount typed, not one of a previous amount
    offer: current ? offer : undefined,
    fromDecimals: from.decimals,
    toDecimals: to.decimals,
  })
  const error = query.isError
    ? describeCrossQuoteError(query.error, exactOut, {
        destinationName: destination.name,
        amountToken: exactOut ? to : from,
      })
    : undefined
  return {
    query,
    exactOut,
    offers,
    offer,
    offerLabels: labelOffers(offers),
    pick: setPicked,
    current,
    fields,
    error,
    /** Offers came back, but none pays exactly the amount typed in the receive field. */
    noExactOffer: query.isSuccess && answered.length > 0 && offers.length === 0,
  }
}
