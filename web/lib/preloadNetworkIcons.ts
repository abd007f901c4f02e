import { loadWeb3Icon } from './loadWeb3Icon'
import { networkIcons } from './networkIcons'

/** Starts loading every network's logo (on the hover or focus of a network picker), each once. */
export function preloadNetworkIcons(): void {
  for (const source of Object.values(networkIcons)) void loadWeb3Icon(source)
}
