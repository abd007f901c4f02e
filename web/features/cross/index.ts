export { CrossSwapCard } from './components/CrossSwapCard'
