import { parseAbi } from 'viem'

/**
 * The parts of Across's SpokePool (@across-protocol/contracts 5.x) the provider, the devnet filler and its
 * root bundles use: deposits (`depositV3` with addresses, `deposit` with bytes32), fills, fill status, root
 * bundles and their events.
 */
export const acrossSpokePoolAbi = parseAbi([
  'struct V3RelayData { bytes32 depositor; bytes32 recipient; bytes32 exclusiveRelayer; bytes32 inputToken; bytes32 outputToken; uint256 inputAmount; uint256 outputAmount; uint256 originChainId; uint256 depositId; uint32 fillDeadline; uint32 exclusivityDeadline; bytes message; }',
  'struct RelayerRefundLeaf { uint256 amountToReturn; uint256 chainId; uint256[] refundAmounts; uint32 leafId; address l2TokenAddress; address[] refundAddresses; }',
  'struct V3RelayExecutionEventInfo { bytes32 updatedRecipient; bytes32 updatedMessageHash; uint256 updatedOutputAmount; uint8 fillType; }',
  'function depositV3(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable',
  'function deposit(bytes32 depositor, bytes32 recipient, bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, bytes32 exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable',
  'function fillRelay(V3RelayData relayData, uint256 repaymentChainId, bytes32 repaymentAddress)',
  'function fillStatuses(bytes32 relayHash) view returns (uint256)',
  'function getV3RelayHash(V3RelayData relayData) view returns (bytes32)',
  'function relayRootBundle(bytes32 relayerRefundRoot, bytes32 slowRelayRoot)',
  'function executeRelayerRefundLeaf(uint32 rootBundleId, RelayerRefundLeaf relayerRefundLeaf, bytes32[] proof) payable',
  'function numberOfDeposits() view returns (uint32)',
  'function fillDeadlineBuffer() view returns (uint32)',
  'function owner() view returns (address)',
  'event FundsDeposited(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 indexed destinationChainId, uint256 indexed depositId, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 indexed depositor, bytes32 recipient, bytes32 exclusiveRelayer, bytes message)',
  'event FilledRelay(bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 repaymentChainId, uint256 indexed originChainId, uint256 indexed depositId, uint32 fillDeadline, uint32 exclusivityDeadline, bytes32 exclusiveRelayer, bytes32 indexed relayer, bytes32 depositor, bytes32 recipient, bytes32 messageHash, V3RelayExecutionEventInfo relayExecutionInfo)',
  'event RelayedRootBundle(uint32 indexed rootBundleId, bytes32 indexed relayerRefundRoot, bytes32 indexed slowRelayRoot)',
  'event ExecutedRelayerRefundRoot(uint256 amountToReturn, uint256 indexed chainId, uint256[] refundAmounts, uint32 indexed rootBundleId, uint32 indexed leafId, address l2TokenAddress, address[] refundAddresses, bool deferredRefunds, address caller)',
  'error RelayFilled()',
  'error ExpiredFillDeadline()',
  'error ClaimedMerkleLeaf()',
  'error InvalidMerkleProof()',
  'error NotExclusiveRelayer()',
  'error InvalidQuoteTimestamp()',
  'error InvalidFillDeadline()',
])
