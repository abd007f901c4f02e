import type { RefObject } from 'react'
import type { ChainRecord, TokenRecord } from '../../../lib/api'
import type { CrossProgressView } from '../model/getCrossProgressView'
import { CrossCard } from './CrossCard'
import { CrossProgress, type CrossSettled } from './CrossProgress'

/** The card while it follows a trade (`progress`) from `source` to its arrival on `destination`. */
export function CrossProgressPanel(props: {
  source: ChainRecord
  destination: ChainRecord
  progress: CrossProgressView
  destinationTokens: readonly TokenRecord[]
  headingRef: RefObject<HTMLHeadingElement | null>
  onSettled: (settled: CrossSettled) => void
  onDone: () => void
}) {
  const { source, destination, progress } = props
  return (
    <CrossCard title={`${source.name} to ${destination.name}`} headingRef={props.headingRef}>
      <CrossProgress
        txHash={progress.txHash}
        origin={{
          chainId: source.chainId,
          chainName: source.name,
          isDevnet: source.isDevnet,
          token: progress.from,
        }}
        destination={{
          chainId: destination.chainId,
          chainName: destination.name,
          receiver: progress.receiver,
          isDevnet: destination.isDevnet,
          token: progress.to,
          tokens: props.destinationTokens,
        }}
        timing={progress.timing}
        onSettled={props.onSettled}
        onDone={props.onDone}
      />
    </CrossCard>
  )
}
