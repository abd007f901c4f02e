import { useEffect, useState } from 'react'
import { getLoadedWeb3Icon, loadWeb3Icon, type Web3IconSource } from '../lib/loadWeb3Icon'

/**
 * A @web3icons logo (branded variant) of `size` px, drawn at once when its component is at hand, else once its
 * chunk arrives; until then an empty box of the same size holds its place, so nothing moves.
 */
export function Web3IconView({ source, size }: { source: Web3IconSource; size: number }) {
  const ready = getLoadedWeb3Icon(source)
  const [, setLoaded] = useState(0)
  useEffect(() => {
    if (ready !== undefined) return
    let current = true
    void loadWeb3Icon(source).then(() => {
      if (current) setLoaded((count) => count + 1)
    })
    return () => {
      current = false
    }
  }, [source, ready])
  if (ready === undefined) return <span style={{ width: size, height: size }} className="inline-block" />
  const Icon = ready
  return <Icon variant="branded" size={size} />
}
