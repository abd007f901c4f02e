import { parseAbi } from 'viem'

/** The parts of Permit2 (SignatureTransfer) the gasless flow reads, calls or decodes errors of. */
export const permit2Abi = parseAbi([
  'function nonceBitmap(address owner, uint256 wordPos) view returns (uint256)',
  'function invalidateUnorderedNonces(uint256 wordPos, uint256 mask)',
  'error InvalidNonce()',
  'error InvalidSigner()',
  'error InvalidSignature()',
  'error InvalidSignatureLength()',
  'error SignatureExpired(uint256 signatureDeadline)',
  'error InvalidAmount(uint256 maxAmount)',
])
