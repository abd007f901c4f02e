// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ITokenCallsERC20, TokenCalls} from "./TokenCalls.sol";
import {Aggregator} from "./Aggregator.sol";

/// The parts of Across's SpokePool the entry calls.
interface IAcrossEntrySpokePool {
    function numberOfDeposits() external view returns (uint32);
    function wrappedNativeToken() external view returns (address);
    function depositV3(
        address depositor,
        address recipient,
        address inputToken,
        address outputToken,
        uint256 inputAmount,
        uint256 outputAmount,
        uint256 destinationChainId,
        address exclusiveRelayer,
        uint32 quoteTimestamp,
        uint32 fillDeadline,
        uint32 exclusivityParameter,
        bytes calldata message
    ) external payable;
}

/// @title AcrossEntry
/// @notice Origin side of a cross-chain swap over Across, in one transaction: takes the caller's token (or
/// native), swaps it to the Across input token with the Aggregator when it differs (min-out), pays the
/// integrator's fee (`feeBps` of the deposit, at most MAX_FEE_BPS) to `feeRecipient`, deposits exactly
/// `inputAmount` with `depositV3` naming the caller as depositor (an expiry refund goes to the caller) and pays
/// whatever the swap produced above deposit and fee back to the caller. Holds nothing between calls; one
/// SpokePool fixed at construction (no owner). See docs/across.md.
contract AcrossEntry is TokenCalls {
    struct AcrossSwap {
        address tokenIn; // address(0) = native: msg.value = amountIn
        uint256 amountIn;
        uint256 deadline; // of the origin swap and the deposit
        address inputToken; // the Across input token (the wrapped native for native deposits)
        uint256 inputAmount; // deposited exactly; the swap must produce inputAmount + fee
        address outputToken;
        uint256 outputAmount; // what the relayer pays on the destination
        uint256 destinationChainId;
        address recipient; // of the fill: the receiver, or our destination AcrossHandler with `message`
        uint32 quoteTimestamp;
        uint32 fillDeadline;
        bytes message;
        address feeRecipient; // the integrator's fee, in the input token, taken before the deposit
        uint16 feeBps;
        bytes32 integratorId; // attribution tag, emitted as is
    }

    /// The trade's ends on the destination (for the event: who gets what).
    struct Destination {
        address receiver;
        address tokenOut;
    }

    /// A deposit this entry made: SpokePool deposit `depositId` on this chain.
    event AcrossSwapDeposited(
        address indexed sender,
        uint256 indexed depositId,
        uint256 indexed destinationChainId,
        address receiver,
        address tokenIn,
        uint256 amountIn,
        address inputToken,
        uint256 inputAmount,
        uint256 outputAmount,
        address tokenOut,
        uint256 surplus
    );
    /// The deposit's attribution and integrator fee (in the input token), emitted just before its deposit event.
    event AcrossSwapAttributed(
        uint256 indexed depositId, bytes32 integratorId, address feeRecipient, uint256 feeAmount
    );

    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    error InvalidMsgValue(uint256 value, uint256 expected);
    error InvalidReceiver(address receiver);
    error InvalidRoute();
    error ZeroAmount();
    error Reentrancy();
    error FeeTooHigh(uint16 feeBps);
    error InsufficientInput(uint256 received, uint256 required);

    /// The integrator fee's cap, as the Aggregator's.
    uint16 public constant MAX_FEE_BPS = 1000;

    Aggregator public immutable aggregator;
    IAcrossEntrySpokePool public immutable spokePool;
    address public immutable wrappedNative;

    bool private transient locked;

    constructor(Aggregator aggregator_, IAcrossEntrySpokePool spokePool_) {
        aggregator = aggregator_;
        spokePool = spokePool_;
        wrappedNative = spokePool_.wrappedNativeToken();
    }

    /// @notice Takes `s.amountIn` of `s.tokenIn` (pulled from msg.sender; native: msg.value = amountIn), swaps
    /// it along `steps` to `s.inputToken` (none when tokenIn is that token, or native for the wrapped native),
    /// requires `s.inputAmount` plus the fee of it, pays the fee to `s.feeRecipient`, deposits `s.inputAmount`
    /// into the SpokePool for `s.outputAmount` of `s.outputToken` on the destination (depositor: msg.sender) and
    /// returns the surplus to msg.sender. Emits `AcrossSwapAttributed` and `AcrossSwapDeposited`.
    /// @return depositId The SpokePool's id of the deposit on this chain.
    function swapAndDeposit(AcrossSwap calldata s, Aggregator.Step[] calldata steps, Destination calldata dst)
        external
        payable
        returns (uint256 depositId)
    {
        if (locked) revert Reentrancy();
        locked = true;
        if (block.timestamp > s.deadline) revert DeadlineExpired(s.deadline, block.timestamp);
        if (s.amountIn == 0 || s.inputAmount == 0) revert ZeroAmount();
        if (s.recipient == address(0) || dst.receiver == address(0)) revert InvalidReceiver(s.recipient);
        if (s.feeBps > MAX_FEE_BPS) revert FeeTooHigh(s.feeBps);
        uint256 expected = s.tokenIn == address(0) ? s.amountIn : 0;
        if (msg.value != expected) revert InvalidMsgValue(msg.value, expected);
        // native in for the wrapped native: deposited as native (the SpokePool wraps it), fee and surplus in native
        bool nativeDeposit = s.tokenIn == address(0) && s.inputToken == wrappedNative;
        address held = nativeDeposit ? address(0) : s.inputToken;
        uint256 heldBefore = _balance(held) - (held == address(0) ? msg.value : 0);
        uint256 received = nativeDeposit ? s.amountIn : _toInputToken(s, steps);
        uint256 feeAmount = s.inputAmount * s.feeBps / 10_000;
        if (received < s.inputAmount + feeAmount) revert InsufficientInput(received, s.inputAmount + feeAmount);
        if (feeAmount != 0) {
            if (s.feeRecipient == address(0)) revert InvalidReceiver(s.feeRecipient);
            _pay(held, s.feeRecipient, feeAmount);
        }
        depositId = _deposit(s, nativeDeposit);
        uint256 surplus = _balance(held) - heldBefore;
        if (surplus != 0) _pay(held, msg.sender, surplus);
        emit AcrossSwapAttributed(depositId, s.integratorId, s.feeRecipient, feeAmount);
        _emitDeposited(s, dst, depositId, surplus);
        locked = false;
    }

    /// Pulls the input and swaps it to the input token; returns the amount of it received for this call.
    function _toInputToken(AcrossSwap calldata s, Aggregator.Step[] calldata steps) private returns (uint256) {
        uint256 amount = s.amountIn;
        if (s.tokenIn != address(0)) {
            uint256 before = _balance(s.tokenIn);
            _call(s.tokenIn, abi.encodeCall(ITokenCallsERC20.transferFrom, (msg.sender, address(this), s.amountIn)));
            amount = _balance(s.tokenIn) - before;
        }
        if (s.tokenIn == s.inputToken) {
            if (steps.length != 0) revert InvalidRoute();
            return amount;
        }
        uint16 feeBps = s.feeBps;
        Aggregator.SwapParams memory p = Aggregator.SwapParams({
            tokenIn: s.tokenIn,
            tokenOut: s.inputToken,
            amountIn: amount,
            amountOut: s.inputAmount + s.inputAmount * feeBps / 10_000,
            receiver: address(this),
            deadline: s.deadline,
            feeRecipient: address(0),
            feeBps: 0,
            integratorId: bytes32(0)
        });
        if (s.tokenIn != address(0)) _approve(s.tokenIn, address(aggregator), amount);
        amount = aggregator.swapExactInRoute{value: s.tokenIn == address(0) ? amount : 0}(p, steps);
        if (s.tokenIn != address(0)) _approve(s.tokenIn, address(aggregator), 0);
        return amount;
    }

    /// Deposits `s.inputAmount` with `depositV3`, its call data encoded in parts (twelve arguments from calldata
    /// exceed the legacy code generator's stack): the head's two halves, then the message's length and padded bytes.
    function _deposit(AcrossSwap calldata s, bool nativeDeposit) private returns (uint256 depositId) {
        depositId = spokePool.numberOfDeposits();
        if (!nativeDeposit) _approve(s.inputToken, address(spokePool), s.inputAmount);
        bytes memory data = bytes.concat(
            IAcrossEntrySpokePool.depositV3.selector,
            abi.encode(msg.sender, s.recipient, s.inputToken, s.outputToken, s.inputAmount, s.outputAmount),
            abi.encode(s.destinationChainId, address(0), s.quoteTimestamp, s.fillDeadline, uint32(0), uint256(12 * 32)),
            abi.encodePacked(s.message.length, s.message, new bytes((32 - s.message.length % 32) % 32))
        );
        (bool ok, bytes memory ret) = address(spokePool).call{value: nativeDeposit ? s.inputAmount : 0}(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
        if (!nativeDeposit) _approve(s.inputToken, address(spokePool), 0);
    }

    function _emitDeposited(AcrossSwap calldata s, Destination calldata dst, uint256 depositId, uint256 surplus)
        private
    {
        emit AcrossSwapDeposited(
            msg.sender,
            depositId,
            s.destinationChainId,
            dst.receiver,
            s.tokenIn,
            s.amountIn,
            s.inputToken,
            s.inputAmount,
            s.outputAmount,
            dst.tokenOut,
            surplus
        );
    }
}
