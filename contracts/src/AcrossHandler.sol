// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {TokenCalls} from "./TokenCalls.sol";
import {Aggregator} from "./Aggregator.sol";
import {DestinationSwap} from "./stargate/DestinationSwap.sol";

interface IAcrossHandlerWrappedNative {
    function withdraw(uint256 amount) external;
}

/// @title AcrossHandler
/// @notice Destination executor of a cross-chain swap through Across: a deposit names this contract as its
/// recipient and `abi.encode(DestinationSwap)` as its message; the SpokePool pays the output amount here
/// (a contract recipient gets the wrapped native as the token) and calls `handleV3AcrossMessage` in the same
/// fill. The amount is
/// swapped through the Aggregator to the receiver, or, when that swap cannot meet its minimum or deadline,
/// paid to the receiver as the bridged token itself. Configuration is fixed at construction (no owner).
contract AcrossHandler is TokenCalls {
    /// The bridged `amountIn` of `tokenIn` was swapped and the receiver's balance of `tokenOut` rose by `amountOut`.
    event AcrossSwapped(
        address indexed receiver, address tokenIn, uint256 amountIn, address tokenOut, uint256 amountOut
    );

    /// The swap could not be done (`reason`: the Aggregator's revert data, or `DeadlineExpired`), so the receiver
    /// got `amount` of the bridged `token` (address(0) = native) instead of `tokenOut`.
    event AcrossFallback(address indexed receiver, address token, uint256 amount, address tokenOut, bytes reason);

    error UnauthorizedSpokePool(address caller);
    error InvalidReceiver(address receiver);

    address public immutable spokePool;
    Aggregator public immutable aggregator;
    address private immutable wrappedNative;

    constructor(address spokePool_, Aggregator aggregator_) {
        spokePool = spokePool_;
        aggregator = aggregator_;
        wrappedNative = aggregator_.wrappedNative();
    }

    /// @notice Accepts native coins from the wrapped native token's `withdraw` (a wrapped-native fill for a
    /// receiver who asked for native). A call only ever spends the amount the SpokePool names.
    receive() external payable {}

    /// @notice Across's message hook: only the SpokePool may call, right after it paid `amount` of `tokenSent`
    /// here. Swaps it for the message's receiver through the Aggregator (min-out and deadline), else pays the
    /// bridged token to the receiver and emits `AcrossFallback`. A wrapped-native fill for a receiver who asked
    /// for native (tokenOut zero) is unwrapped and paid as native.
    function handleV3AcrossMessage(address tokenSent, uint256 amount, address, bytes memory message) external {
        if (msg.sender != spokePool) revert UnauthorizedSpokePool(msg.sender);
        address token = tokenSent;
        DestinationSwap memory order = abi.decode(message, (DestinationSwap));
        _checkReceiver(order.receiver, tokenSent, order.tokenOut);
        if (order.tokenOut == address(0) && token == wrappedNative) {
            IAcrossHandlerWrappedNative(wrappedNative).withdraw(amount);
            token = address(0);
        }
        if (order.tokenOut == token) {
            _pay(token, order.receiver, amount);
            emit AcrossSwapped(order.receiver, token, amount, token, amount);
        } else if (block.timestamp > order.deadline) {
            _fallback(
                order,
                token,
                amount,
                abi.encodeWithSelector(Aggregator.DeadlineExpired.selector, order.deadline, block.timestamp)
            );
        } else {
            _swap(order, token, amount);
        }
    }

    /// Swaps `amount` of the bridged `token` with the Aggregator, paying the receiver directly; on a revert pays
    /// the bridged token instead.
    function _swap(DestinationSwap memory order, address token, uint256 amount) private {
        Aggregator.SwapParams memory p = Aggregator.SwapParams({
            tokenIn: token,
            tokenOut: order.tokenOut,
            amountIn: amount,
            amountOut: order.minAmountOut,
            receiver: order.receiver,
            deadline: order.deadline,
            feeRecipient: address(0),
            feeBps: 0,
            integratorId: bytes32(0)
        });
        uint256 value = token == address(0) ? amount : 0;
        if (token != address(0)) _approve(token, address(aggregator), amount);
        try aggregator.swapExactInRoute{value: value}(p, order.steps) returns (uint256 amountOut) {
            if (token != address(0)) _approve(token, address(aggregator), 0);
            emit AcrossSwapped(order.receiver, token, amount, order.tokenOut, amountOut);
        } catch (bytes memory reason) {
            if (token != address(0)) _approve(token, address(aggregator), 0);
            _fallback(order, token, amount, reason);
        }
    }

    function _fallback(DestinationSwap memory order, address token, uint256 amount, bytes memory reason) private {
        _pay(token, order.receiver, amount);
        emit AcrossFallback(order.receiver, token, amount, order.tokenOut, reason);
    }

    /// Refuses receivers where a payout would be burned or left for anyone to take: zero, this contract, the
    /// Aggregator, the SpokePool, the bridged and output tokens and the wrapped native token.
    function _checkReceiver(address receiver, address tokenSent, address tokenOut) private view {
        if (
            receiver == address(0) || receiver == address(this) || receiver == address(aggregator)
                || receiver == spokePool || receiver == tokenSent || receiver == tokenOut || receiver == wrappedNative
        ) revert InvalidReceiver(receiver);
    }
}
