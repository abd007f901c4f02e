export { GaslessHistory } from './components/GaslessHistory'
export { GaslessSwapPanel } from './components/GaslessSwapPanel'
export { GaslessToggle } from './components/GaslessToggle'
export { isGaslessAvailable } from './model/isGaslessAvailable'
