// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {TokenCalls, ITokenCallsERC20} from "./TokenCalls.sol";
import {Aggregator} from "./Aggregator.sol";
import {DestinationSwap} from "./stargate/DestinationSwap.sol";

/// @title StargateComposer
/// @notice Destination executor of a cross-chain swap: LayerZero V2's EndpointV2 calls `lzCompose` after one of
/// our Stargate V2 pools delivered the bridged asset here; the bridged amount is swapped through the
/// Aggregator to the receiver, or, when that swap cannot meet its minimum or deadline, paid to the receiver
/// as the bridged asset itself. A payout the receiver cannot take (a token that blacklists it, a contract that
/// refuses native coins) is credited to the receiver instead, who claims it to an address of its choosing.
/// Configuration is fixed at construction (no owner). See docs/stargate-composer.md.
contract StargateComposer is TokenCalls {
    /// A Stargate pool allowed to compose here and the asset it delivers (address(0) = native).
    struct PoolConfig {
        address pool;
        address token;
    }

    /// The bridged `amountIn` of `tokenIn` was swapped and the receiver's balance of `tokenOut` rose by `amountOut`.
    event ComposeSwapped(
        bytes32 indexed guid,
        address indexed receiver,
        address tokenIn,
        uint256 amountIn,
        address tokenOut,
        uint256 amountOut
    );

    /// The swap could not be done (`reason`: the Aggregator's revert data, or `DeadlineExpired`), so the receiver
    /// got `amount` of the bridged `token` instead of `tokenOut`: the "received different tokens" case.
    event ComposeFallback(
        bytes32 indexed guid,
        address indexed receiver,
        address token,
        uint256 amount,
        address tokenOut,
        bytes reason
    );

    /// Paying `amount` of `token` to `receiver` failed, so it was credited to the receiver (`owed`) to `claim`.
    event PayoutDeferred(bytes32 indexed guid, address indexed receiver, address token, uint256 amount);

    /// `receiver` claimed all it was owed of `token`, `amount`, paid to `to`.
    event Claimed(address indexed receiver, address indexed token, address to, uint256 amount);

    error UnauthorizedEndpoint(address caller);
    error NothingOwed(address receiver, address token);
    error InvalidClaimRecipient(address to);
    error UnknownPool(address from);
    error DuplicatePool(address pool);
    error InvalidReceiver(address receiver);
    error SwapOutOfGas();

    address public immutable endpoint;
    Aggregator public immutable aggregator;
    address private immutable wrappedNative;

    mapping(address pool => bool) public isPool;
    mapping(address pool => address) public poolToken;
    /// Payouts a receiver could not take, per receiver and token (address(0) = native): only it can claim them.
    mapping(address receiver => mapping(address token => uint256)) public owed;

    constructor(address endpoint_, Aggregator aggregator_, PoolConfig[] memory pools_) {
        endpoint = endpoint_;
        aggregator = aggregator_;
        wrappedNative = aggregator_.wrappedNative();
        for (uint256 i; i < pools_.length; ++i) {
            if (isPool[pools_[i].pool] || pools_[i].pool == address(0)) revert DuplicatePool(pools_[i].pool);
            isPool[pools_[i].pool] = true;
            poolToken[pools_[i].pool] = pools_[i].token;
        }
    }

    /// @notice Accepts native coins from anyone: StargatePoolNative pays with a 2300 gas stipend, too little to
    /// check the sender. A compose only ever spends the amount its own message names.
    receive() external payable {}

    /// @notice Pays everything the caller is owed of `token` (payouts it could not take) to `to`, which must not
    /// be zero or this contract. Reverts `NothingOwed` when nothing is owed; the payment's own failure reverts.
    /// @return amount What was paid, base units of `token`.
    function claim(address token, address to) external returns (uint256 amount) {
        amount = owed[msg.sender][token];
        if (amount == 0) revert NothingOwed(msg.sender, token);
        if (to == address(0) || to == address(this)) revert InvalidClaimRecipient(to);
        owed[msg.sender][token] = 0;
        _pay(token, to, amount);
        emit Claimed(msg.sender, token, to, amount);
    }

    /// @notice LayerZero V2 compose entry: only the EndpointV2 may call, only for a message an allowlisted
    /// Stargate pool queued (`from`). Decodes `amountLD` and our `DestinationSwap` from the OFT compose message,
    /// swaps the bridged amount to the receiver through the Aggregator (min-out and deadline), else pays the
    /// bridged asset to the receiver and emits `ComposeFallback`. A native value sent along by the executor is
    /// passed on to the receiver. A payment of this contract's that the receiver cannot take is credited to it
    /// (`owed`, `PayoutDeferred`) rather than reverting, which would leave the compose failing on every retry.
    /// Reverts (leaving the compose queued for a retry) when the swap ran out of gas.
    function lzCompose(address from, bytes32 guid, bytes calldata message, address, bytes calldata)
        external
        payable
    {
        if (msg.sender != endpoint) revert UnauthorizedEndpoint(msg.sender);
        if (!isPool[from]) revert UnknownPool(from);
        address token = poolToken[from];
        uint256 amountLD = uint256(bytes32(message[12:44]));
        DestinationSwap memory order = abi.decode(message[76:], (DestinationSwap));
        _checkReceiver(order.receiver, from, token, order.tokenOut);
        if (order.tokenOut == token) {
            _payOrCredit(guid, token, order.receiver, amountLD);
            emit ComposeSwapped(guid, order.receiver, token, amountLD, token, amountLD);
        } else if (block.timestamp > order.deadline) {
            _fallback(guid, order, token, amountLD, abi.encodeWithSelector(
                Aggregator.DeadlineExpired.selector, order.deadline, block.timestamp
            ));
        } else {
            _swap(guid, order, token, amountLD);
        }
        if (msg.value != 0) _payOrCredit(guid, address(0), order.receiver, msg.value);
    }

    /// Swaps `amountLD` of the bridged `token` with the Aggregator, paying the receiver directly; on a revert
    /// pays the bridged asset instead. A failure that left less than 1/8 of the gas may be an out-of-gas forced
    /// by the executor's gas limit (each call level keeps 1/64, so a nested out-of-gas returns a few 64ths),
    /// so that reverts, leaving the compose queued, instead of paying the bridged asset.
    function _swap(bytes32 guid, DestinationSwap memory order, address token, uint256 amountLD) private {
        Aggregator.SwapParams memory p = Aggregator.SwapParams({
            tokenIn: token,
            tokenOut: order.tokenOut,
            amountIn: amountLD,
            amountOut: order.minAmountOut,
            receiver: order.receiver,
            deadline: order.deadline,
            feeRecipient: address(0),
            feeBps: 0,
            integratorId: bytes32(0)
        });
        uint256 value = token == address(0) ? amountLD : 0;
        if (token != address(0)) _approve(token, address(aggregator), amountLD);
        uint256 gasBefore = gasleft();
        try aggregator.swapExactInRoute{value: value}(p, order.steps) returns (uint256 amountOut) {
            if (token != address(0)) _approve(token, address(aggregator), 0);
            emit ComposeSwapped(guid, order.receiver, token, amountLD, order.tokenOut, amountOut);
        } catch (bytes memory reason) {
            if (gasleft() < gasBefore / 8) revert SwapOutOfGas();
            if (token != address(0)) _approve(token, address(aggregator), 0);
            _fallback(guid, order, token, amountLD, reason);
        }
    }

    function _fallback(bytes32 guid, DestinationSwap memory order, address token, uint256 amountLD, bytes memory reason)
        private
    {
        _payOrCredit(guid, token, order.receiver, amountLD);
        emit ComposeFallback(guid, order.receiver, token, amountLD, order.tokenOut, reason);
    }

    /// Pays `amount` of `token` to `receiver`, or, when that payment fails, credits it to the receiver to claim.
    /// The native payment forwards all gas but copies no return data (a receiver cannot make it run out).
    /// `token` is an allowlisted pool's asset: its return data is trusted to decode.
    function _payOrCredit(bytes32 guid, address token, address receiver, uint256 amount) private {
        bool paid;
        if (token == address(0)) {
            assembly ("memory-safe") {
                paid := call(gas(), receiver, amount, 0, 0, 0, 0)
            }
        } else {
            (bool ok, bytes memory ret) =
                token.call(abi.encodeCall(ITokenCallsERC20.transfer, (receiver, amount)));
            paid = ok && (ret.length == 0 || abi.decode(ret, (bool)));
        }
        if (paid) return;
        owed[receiver][token] += amount;
        emit PayoutDeferred(guid, receiver, token, amount);
    }

    /// Refuses receivers where a payout would be burned or left for anyone to take: zero, this contract, the
    /// Aggregator, the endpoint, the pool, the bridged and output tokens and the wrapped native token.
    function _checkReceiver(address receiver, address pool, address token, address tokenOut) private view {
        if (
            receiver == address(0) || receiver == address(this) || receiver == address(aggregator)
                || receiver == endpoint || receiver == pool || receiver == token || receiver == tokenOut
                || receiver == wrappedNative
        ) revert InvalidReceiver(receiver);
    }
}
