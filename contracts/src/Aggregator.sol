// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {TokenCalls} from "./TokenCalls.sol";

interface IERC20 {
    function balanceOf(address account) external view returns (uint256);
}

interface IWrappedNative {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

interface IUniswapV2Pair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

/// Uniswap V3's pool swap; Algebra Integral's pools have the same function (and call `algebraSwapCallback`).
interface IUniswapV3Pool {
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

/// Uniswap V4's singleton: every pool is a key inside it, swapped within `unlock` and paid by flash accounting
/// (`sync`, transfer, `settle`; `take` for the output). Signed deltas are the caller's: negative is owed.
interface IPoolManager {
    struct PoolKey {
        address currency0;
        address currency1;
        uint24 fee;
        int24 tickSpacing;
        address hooks;
    }

    struct SwapParams {
        bool zeroForOne;
        int256 amountSpecified;
        uint160 sqrtPriceLimitX96;
    }

    function unlock(bytes calldata data) external returns (bytes memory);
    function swap(PoolKey memory key, SwapParams memory params, bytes calldata hookData) external returns (int256);
    function sync(address currency) external;
    function settle() external payable returns (uint256);
    function take(address currency, address to, uint256 amount) external;
}

/// @title Aggregator
/// @notice Splits a swap over Uniswap V2-style pairs, Uniswap V3 pools, Uniswap V4 pools and Algebra Integral
/// pools of allowlisted factories, pool managers and pool deployers. Pools are derived from the hop, never passed
/// in (CREATE2 from the factory or pool deployer, or the V4 pool key inside the allowlisted manager, without
/// hooks); input is pulled only from msg.sender.
/// See docs/aggregator-contract.md for the exact semantics the server's quotes reproduce.
contract Aggregator is TokenCalls {
    /// One allowlisted source of pools. V2/V3: the factory and its pools' CREATE2 init-code hash; Algebra: its
    /// pool deployer (which CREATE2s the pools, of (token0, token1) alone) and that hash. V4: `factory` is
    /// the PoolManager and `initCodeHash` holds the pools' tick spacing (bits 0-23) and, at bit 24, whether the
    /// pools hold native ETH where the hop says wrapped native; one entry per (manager, spacing, native).
    struct FactoryConfig {
        address factory;
        bytes32 initCodeHash;
        uint8 kind;
        uint16 v2FeeBps;
    }

    struct Hop {
        uint8 kind;
        uint16 factoryId;
        address tokenIn;
        address tokenOut;
        uint24 fee;
    }

    struct Leg {
        uint256 amount;
        Hop[] hops;
    }

    /// One swap of a split-and-merge route: `share` (1e18 = all) of what the route holds of `tokenIn` at this
    /// point goes through the pool of (`kind`, `factoryId`, tokens, `fee`). Steps run in order, so a flow can
    /// split at any token and merge again at any later one.
    struct Step {
        uint8 kind;
        uint16 factoryId;
        address tokenIn;
        address tokenOut;
        uint24 fee;
        uint64 share;
    }

    struct SwapParams {
        address tokenIn;
        address tokenOut;
        uint256 amountIn;
        uint256 amountOut;
        address receiver;
        uint256 deadline;
        address feeRecipient;
        uint16 feeBps;
        bytes32 integratorId;
    }

    event Swapped(
        address indexed sender,
        address indexed receiver,
        bytes32 indexed integratorId,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut,
        uint256 feeAmount
    );

    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    error InvalidMsgValue(uint256 value, uint256 expected);
    error InvalidRoute(uint256 leg, uint256 hop);
    error UnknownFactory(uint16 factoryId);
    error InsufficientOutput(uint256 got, uint256 min);
    error ExcessiveInput(uint256 spent, uint256 max);
    error FeeTooHigh(uint16 feeBps);
    error UnauthorizedCallback(address caller);
    error Reentrancy();
    error ZeroAmount();
    error MissingFeeRecipient();
    error InvalidReceiver(address receiver);
    error InvalidFeeRecipient(address feeRecipient);
    error UnknownKind(uint8 kind);
    error InvalidPoolConfig(uint256 index);

    uint8 internal constant KIND_V2 = 0;
    uint8 internal constant KIND_V3 = 1;
    uint8 internal constant KIND_V4 = 2;
    uint8 internal constant KIND_ALGEBRA = 3;
    // Uniswap V4's LPFeeLibrary.MAX_LP_FEE (100 %) and TickMath.MAX_TICK_SPACING; a dynamic fee is above the first
    uint24 internal constant V4_MAX_FEE = 1_000_000;
    uint256 internal constant V4_MAX_TICK_SPACING = 32767;
    uint256 internal constant V4_NATIVE = 1 << 24;
    uint16 public constant MAX_FEE_BPS = 1000;
    uint256 internal constant MAX_HOPS = 3;
    uint256 internal constant MAX_STEPS = 24;
    uint64 internal constant SHARE_ONE = 1e18;
    // TickMath.MIN_SQRT_RATIO + 1 and TickMath.MAX_SQRT_RATIO - 1 of Uniswap V3: no price limit.
    uint160 internal constant MIN_SQRT_PRICE_LIMIT = 4295128740;
    uint160 internal constant MAX_SQRT_PRICE_LIMIT = 1461446703485210103287273052203988822378723970341;

    address public immutable wrappedNative;
    FactoryConfig[] public factories;

    bool private transient locked;
    address private transient expectedPool;
    uint256 private transient inputLeft;
    uint256 private transient inputMax;
    /// The V4 pool manager whose `unlock` is running (its swaps go straight in; it may send ETH here).
    address private transient unlockedManager;

    modifier nonReentrant() {
        if (locked) revert Reentrancy();
        locked = true;
        _;
        locked = false;
    }

    constructor(address wrappedNative_, FactoryConfig[] memory factories_) {
        wrappedNative = wrappedNative_;
        for (uint256 i; i < factories_.length; ++i) {
            // each kind has its own branch: a factory of any other kind must never reach one
            if (factories_[i].kind > KIND_ALGEBRA) revert UnknownKind(factories_[i].kind);
            if (factories_[i].kind == KIND_V4) {
                uint256 params = uint256(factories_[i].initCodeHash);
                uint256 spacing = params & 0xffffff;
                if (spacing == 0 || spacing > V4_MAX_TICK_SPACING || params & ~(V4_NATIVE | 0xffffff) != 0) {
                    revert InvalidPoolConfig(i);
                }
            }
            factories.push(factories_[i]);
        }
    }

    /// @notice Only the wrapped native token (when unwrapping) and a V4 pool manager during our own `unlock`
    /// (a native output taken) send ETH here.
    receive() external payable {
        if (msg.sender != wrappedNative && (msg.sender != unlockedManager || msg.sender == address(0))) {
            revert InvalidMsgValue(msg.value, 0);
        }
    }

    /// @notice Swaps exactly `p.amountIn` of `p.tokenIn` (pulled from msg.sender, or msg.value for native)
    /// along `legs`; the receiver gets the output minus the integrator fee (`feeBps` of the output).
    /// @return amountOut The receiver's balance increase, at least `p.amountOut` else `InsufficientOutput`.
    function swapExactIn(SwapParams calldata p, Leg[] calldata legs)
        external
        payable
        nonReentrant
        returns (uint256 amountOut)
    {
        (address tokenIn, address tokenOut) = _checkParams(p, legs.length);
        uint256 received = _pullInput(p, tokenIn);
        uint256 gross = _executeLegs(legs, tokenIn, tokenOut, received, false);
        uint256 fee = gross * p.feeBps / 10_000;
        amountOut = _payOut(p, tokenOut, gross, fee);
        if (amountOut < p.amountOut) revert InsufficientOutput(amountOut, p.amountOut);
        _emitSwapped(p, p.amountIn, amountOut, fee);
    }

    /// @notice Swaps exactly `p.amountIn` of `p.tokenIn` along a split-and-merge route: each step sends a share
    /// of what the route holds of its input token through one pool, so paths may split and merge at every
    /// hop. Every token but the output must be spent to the last unit (nothing is left here), else
    /// `InvalidRoute(steps.length, tokenIndex)`. Fee and minimum output as `swapExactIn`.
    /// @return amountOut The receiver's balance increase, at least `p.amountOut` else `InsufficientOutput`.
    function swapExactInRoute(SwapParams calldata p, Step[] calldata steps)
        external
        payable
        nonReentrant
        returns (uint256 amountOut)
    {
        if (steps.length == 0 || steps.length > MAX_STEPS) revert InvalidRoute(0, 0);
        (address tokenIn, address tokenOut) = _checkParams(p, steps.length);
        uint256 received = _pullInput(p, tokenIn);
        uint256 gross = _executeSteps(steps, tokenIn, tokenOut, received);
        uint256 fee = gross * p.feeBps / 10_000;
        amountOut = _payOut(p, tokenOut, gross, fee);
        if (amountOut < p.amountOut) revert InsufficientOutput(amountOut, p.amountOut);
        _emitSwapped(p, p.amountIn, amountOut, fee);
    }

    /// @notice Swaps at most `p.amountIn` of `p.tokenIn` for exactly `p.amountOut` of `p.tokenOut` net of
    /// the integrator fee; the pools are paid in flash callbacks and unused input is refunded to msg.sender.
    /// The receiver's balance must rise by at least `p.amountOut`, else `InsufficientOutput(got, amountOut)`.
    /// @return amountIn The input spent; more than `p.amountIn` reverts `ExcessiveInput`.
    function swapExactOut(SwapParams calldata p, Leg[] calldata legs)
        external
        payable
        nonReentrant
        returns (uint256 amountIn)
    {
        (address tokenIn, address tokenOut) = _checkParams(p, legs.length);
        if (p.amountOut == 0) revert ZeroAmount();
        uint256 grossTarget = (p.amountOut * 10_000 + (10_000 - p.feeBps) - 1) / (10_000 - p.feeBps);
        uint256 received = _pullInput(p, tokenIn);
        inputLeft = received;
        inputMax = received;
        uint256 gross = _executeLegs(legs, tokenIn, tokenOut, grossTarget, true);
        if (gross < grossTarget) revert InsufficientOutput(gross, grossTarget);
        uint256 fee = grossTarget - p.amountOut;
        uint256 refund = inputLeft;
        amountIn = received - refund;
        (inputLeft, inputMax) = (0, 0);
        uint256 receiverGain = _payOut(p, tokenOut, gross, fee);
        if (receiverGain < p.amountOut) revert InsufficientOutput(receiverGain, p.amountOut);
        if (refund != 0) _send(p.tokenIn, tokenIn, msg.sender, refund);
        _emitSwapped(p, amountIn, p.amountOut, fee);
    }

    /// @notice Uniswap V3 swap callback: pays the pool that is currently being swapped with, either from
    /// this contract's balance or, exact-out, by executing the previous hop. Any other caller reverts.
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        _payConcentratedPool(amount0Delta, amount1Delta, data);
    }

    /// @notice Algebra Integral swap callback: the same as `uniswapV3SwapCallback`.
    function algebraSwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        _payConcentratedPool(amount0Delta, amount1Delta, data);
    }

    /// Pays the V3 or Algebra pool being swapped with (only it may call) what it is owed.
    function _payConcentratedPool(int256 amount0Delta, int256 amount1Delta, bytes calldata data) private {
        if (msg.sender != expectedPool || msg.sender == address(0)) revert UnauthorizedCallback(msg.sender);
        expectedPool = address(0);
        (Hop[] memory hops, uint256 index, bool exactOut) = abi.decode(data, (Hop[], uint256, bool));
        uint256 owed = amount0Delta > 0 ? uint256(amount0Delta) : uint256(amount1Delta);
        if (exactOut) {
            _settleExactOut(hops, index, owed, msg.sender);
        } else {
            _transfer(hops[index].tokenIn, msg.sender, owed);
        }
    }

    /// @notice Uniswap V2 flash-swap callback, used by exact-out V2 hops: pays the pair the input owed.
    /// Reverts `UnauthorizedCallback` unless called by the pair being swapped with, on our own behalf.
    function uniswapV2Call(address sender, uint256, uint256, bytes calldata data) external {
        if (msg.sender != expectedPool || msg.sender == address(0)) revert UnauthorizedCallback(msg.sender);
        if (sender != address(this)) revert UnauthorizedCallback(sender);
        expectedPool = address(0);
        (Hop[] memory hops, uint256 index, uint256 owed) = abi.decode(data, (Hop[], uint256, uint256));
        _settleExactOut(hops, index, owed, msg.sender);
    }

    /// @notice Uniswap V4 unlock callback: swaps hop `j` inside the manager being unlocked and settles it (exact-out
    /// pays its input by executing the previous hop first). Any caller but the manager we unlocked reverts.
    function unlockCallback(bytes calldata data) external returns (bytes memory) {
        if (msg.sender != expectedPool || msg.sender == address(0)) revert UnauthorizedCallback(msg.sender);
        expectedPool = address(0);
        (Hop[] memory hops, uint256 j, int256 amountSpecified, bool exactOut) =
            abi.decode(data, (Hop[], uint256, int256, bool));
        address outer = unlockedManager;
        unlockedManager = msg.sender;
        (uint256 delivered, uint256 taken) = _swapV4Unlocked(msg.sender, hops, j, amountSpecified, exactOut);
        unlockedManager = outer;
        return abi.encode(delivered, taken);
    }

    /// @notice Number of allowlisted factories (valid `factoryId`s are below it).
    function factoryCount() external view returns (uint256) {
        return factories.length;
    }

    function _checkParams(SwapParams calldata p, uint256 legCount)
        private
        view
        returns (address tokenIn, address tokenOut)
    {
        if (block.timestamp > p.deadline) revert DeadlineExpired(p.deadline, block.timestamp);
        if (p.feeBps > MAX_FEE_BPS) revert FeeTooHigh(p.feeBps);
        if (p.feeBps != 0 && p.feeRecipient == address(0)) revert MissingFeeRecipient();
        if (p.amountIn == 0) revert ZeroAmount();
        tokenIn = p.tokenIn == address(0) ? wrappedNative : p.tokenIn;
        tokenOut = p.tokenOut == address(0) ? wrappedNative : p.tokenOut;
        // No legs is only a wrap (native -> wrapped native) or an unwrap (wrapped native -> native), 1:1.
        bool isWrap = tokenIn == tokenOut && (p.tokenIn == address(0)) != (p.tokenOut == address(0));
        if (legCount == 0 ? !isWrap : tokenIn == tokenOut) revert InvalidRoute(0, 0);
        if (_isSink(p.receiver, tokenIn, tokenOut)) revert InvalidReceiver(p.receiver);
        if (p.feeBps != 0 && _isSink(p.feeRecipient, tokenIn, tokenOut)) revert InvalidFeeRecipient(p.feeRecipient);
    }

    /// True for addresses where the output would be burned or left for anyone to take: the zero address,
    /// this contract, the swap's (wrapped) input and output tokens, and the wrapped native token (ETH sent
    /// there is credited to this contract).
    function _isSink(address account, address tokenIn, address tokenOut) private view returns (bool) {
        return account == address(0) || account == address(this) || account == tokenIn || account == tokenOut
            || account == wrappedNative;
    }

    /// Runs every leg (the last one takes what the others leave of `total`: input for exact-in, gross
    /// output for exact-out) and returns this contract's gain of `tokenOut`.
    function _executeLegs(Leg[] calldata legs, address tokenIn, address tokenOut, uint256 total, bool exactOut)
        private
        returns (uint256 gross)
    {
        if (legs.length == 0) {
            // Wrap or unwrap: the pulled (and wrapped) input is the output, 1:1.
            if (exactOut) _spendInput(total);
            return total;
        }
        uint256 outBefore = _balanceOf(tokenOut, address(this));
        uint256 remaining = total;
        for (uint256 i; i < legs.length; ++i) {
            Hop[] memory hops = legs[i].hops;
            _validateLeg(hops, i, tokenIn, tokenOut);
            uint256 amount = i == legs.length - 1 ? remaining : legs[i].amount;
            if (amount > remaining) revert InvalidRoute(i, 0);
            if (amount == 0) revert ZeroAmount();
            remaining -= amount;
            if (exactOut) {
                _swapExactOutHop(hops, hops.length - 1, amount);
            } else {
                for (uint256 j; j < hops.length; ++j) {
                    amount = _swapExactInHop(hops, i, j, amount);
                }
            }
        }
        gross = _balanceOf(tokenOut, address(this)) - outBefore;
    }

    /// Runs the steps over an in-memory account of what the route holds per token (the input starts with
    /// `received`) and returns what it holds of `tokenOut`; a step may not spend the output, produce the input,
    /// or spend a token the route does not hold.
    function _executeSteps(Step[] calldata steps, address tokenIn, address tokenOut, uint256 received)
        private
        returns (uint256 gross)
    {
        address[] memory tokens = new address[](steps.length + 1);
        uint256[] memory held = new uint256[](steps.length + 1);
        tokens[0] = tokenIn;
        held[0] = received;
        uint256 count = 1;
        for (uint256 i; i < steps.length; ++i) {
            Step calldata step = steps[i];
            if (step.tokenIn == tokenOut || step.tokenOut == tokenIn || step.share == 0 || step.share > SHARE_ONE) {
                revert InvalidRoute(i, 0);
            }
            uint256 from = _indexOf(tokens, count, step.tokenIn);
            if (from == count) revert InvalidRoute(i, 0);
            uint256 amount = step.share == SHARE_ONE ? held[from] : held[from] * step.share / SHARE_ONE;
            if (amount == 0) revert ZeroAmount();
            held[from] -= amount;
            Hop[] memory hop = new Hop[](1);
            hop[0] = Hop(step.kind, step.factoryId, step.tokenIn, step.tokenOut, step.fee);
            _validateLeg(hop, i, step.tokenIn, step.tokenOut);
            uint256 out = _swapExactInHop(hop, i, 0, amount);
            uint256 to = _indexOf(tokens, count, step.tokenOut);
            if (to == count) tokens[count++] = step.tokenOut;
            held[to] += out;
        }
        for (uint256 k; k < count; ++k) {
            if (tokens[k] == tokenOut) gross = held[k];
            else if (held[k] != 0) revert InvalidRoute(steps.length, k);
        }
    }

    /// Index of `token` among the first `count` entries of `tokens`, or `count` when absent.
    function _indexOf(address[] memory tokens, uint256 count, address token) private pure returns (uint256) {
        for (uint256 k; k < count; ++k) {
            if (tokens[k] == token) return k;
        }
        return count;
    }

    function _validateLeg(Hop[] memory hops, uint256 legIndex, address tokenIn, address tokenOut) private view {
        if (hops.length == 0 || hops.length > MAX_HOPS) revert InvalidRoute(legIndex, 0);
        address expectedIn = tokenIn;
        for (uint256 j; j < hops.length; ++j) {
            Hop memory hop = hops[j];
            if (hop.factoryId >= factories.length) revert UnknownFactory(hop.factoryId);
            FactoryConfig storage f = factories[hop.factoryId];
            // V2 and Algebra pools are one per pair (their fee is the pool's own), V3 pools one per fee
            bool badFee = hop.kind == KIND_V3
                ? hop.fee == 0
                : hop.kind == KIND_V4 ? hop.fee > V4_MAX_FEE : hop.fee != 0;
            // a native V4 pool holds ETH in place of the wrapped native token: one side must be it
            bool badNative = hop.kind == KIND_V4 && uint256(f.initCodeHash) & V4_NATIVE != 0
                && hop.tokenIn != wrappedNative && hop.tokenOut != wrappedNative;
            if (
                hop.kind != f.kind || badFee || badNative || hop.tokenIn != expectedIn || hop.tokenOut == hop.tokenIn
            ) revert InvalidRoute(legIndex, j);
            expectedIn = hop.tokenOut;
        }
        if (expectedIn != tokenOut) revert InvalidRoute(legIndex, hops.length - 1);
    }

    function _pullInput(SwapParams calldata p, address tokenIn) private returns (uint256 received) {
        if (p.tokenIn == address(0)) {
            if (msg.value != p.amountIn) revert InvalidMsgValue(msg.value, p.amountIn);
            IWrappedNative(tokenIn).deposit{value: msg.value}();
            return msg.value;
        }
        if (msg.value != 0) revert InvalidMsgValue(msg.value, 0);
        uint256 before = _balanceOf(tokenIn, address(this));
        _call(tokenIn, abi.encodeWithSelector(0x23b872dd, msg.sender, address(this), p.amountIn));
        received = _balanceOf(tokenIn, address(this)) - before;
    }

    /// Sends `fee` to the fee recipient and `gross - fee` to the receiver; returns the receiver's gain.
    function _payOut(SwapParams calldata p, address tokenOut, uint256 gross, uint256 fee)
        private
        returns (uint256 receiverGain)
    {
        if (fee != 0) _send(p.tokenOut, tokenOut, p.feeRecipient, fee);
        uint256 before = p.tokenOut == address(0) ? p.receiver.balance : _balanceOf(tokenOut, p.receiver);
        _send(p.tokenOut, tokenOut, p.receiver, gross - fee);
        uint256 afterwards = p.tokenOut == address(0) ? p.receiver.balance : _balanceOf(tokenOut, p.receiver);
        receiverGain = afterwards - before;
    }

    /// Swaps exactly `amountIn` on hop `j` of leg `legIndex`. A V3 pool that runs out of liquidity takes only
    /// part of the input; that would strand the rest here, so it reverts `InvalidRoute(legIndex, j)`.
    function _swapExactInHop(Hop[] memory hops, uint256 legIndex, uint256 j, uint256 amountIn)
        private
        returns (uint256 amountOut)
    {
        Hop memory hop = hops[j];
        FactoryConfig memory f = factories[hop.factoryId];
        uint256 before = _balanceOf(hop.tokenOut, address(this));
        if (hop.kind == KIND_V2) {
            address pool = _poolFor(f, hop);
            _transfer(hop.tokenIn, pool, amountIn);
            _swapV2(pool, hop, _getV2AmountOut(pool, hop, f.v2FeeBps), "");
        } else if (hop.kind != KIND_V4) {
            (, uint256 taken) = _swapV3(_poolFor(f, hop), hop, _toInt256(amountIn), abi.encode(hops, j, false));
            if (taken != amountIn) revert InvalidRoute(legIndex, j);
        } else {
            // V4 signs an exact input negative
            (, uint256 taken) = _swapV4(f.factory, hops, j, -_toInt256(amountIn), false);
            if (taken != amountIn) revert InvalidRoute(legIndex, j);
        }
        amountOut = _balanceOf(hop.tokenOut, address(this)) - before;
    }

    /// Receives exactly `amountOut` of hop `j`'s output here; its input is paid in the pool's callback.
    function _swapExactOutHop(Hop[] memory hops, uint256 j, uint256 amountOut) private {
        Hop memory hop = hops[j];
        FactoryConfig memory f = factories[hop.factoryId];
        uint256 delivered = amountOut;
        if (hop.kind == KIND_V2) {
            address pool = _poolFor(f, hop);
            uint256 amountIn = _getV2AmountIn(pool, hop, f.v2FeeBps, amountOut);
            _swapV2(pool, hop, amountOut, abi.encode(hops, j, amountIn));
        } else if (hop.kind != KIND_V4) {
            (delivered,) = _swapV3(_poolFor(f, hop), hop, -_toInt256(amountOut), abi.encode(hops, j, true));
        } else {
            (delivered,) = _swapV4(f.factory, hops, j, _toInt256(amountOut), true);
        }
        if (delivered < amountOut) revert InsufficientOutput(delivered, amountOut);
    }

    /// Uniswap V2 `getAmountOut` on the input the pair actually received (fee-on-transfer safe).
    function _getV2AmountOut(address pair, Hop memory hop, uint16 feeBps) private view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = _reserves(pair, hop);
        uint256 inWithFee = (_balanceOf(hop.tokenIn, pair) - reserveIn) * (10_000 - feeBps);
        return inWithFee * reserveOut / (reserveIn * 10_000 + inWithFee);
    }

    /// The least input for which the pair releases `amountOut`: the ceiling of the K-check bound.
    /// (UniswapV2Library's floor + 1 overpays by one wei when the division is exact.)
    function _getV2AmountIn(address pair, Hop memory hop, uint16 feeBps, uint256 amountOut)
        private
        view
        returns (uint256)
    {
        (uint256 reserveIn, uint256 reserveOut) = _reserves(pair, hop);
        if (amountOut >= reserveOut) revert InsufficientOutput(reserveOut, amountOut);
        uint256 denominator = (reserveOut - amountOut) * (10_000 - feeBps);
        return (reserveIn * amountOut * 10_000 + denominator - 1) / denominator;
    }

    /// A non-empty `data` makes the pair call `uniswapV2Call` before checking its invariant.
    function _swapV2(address pair, Hop memory hop, uint256 amountOut, bytes memory data) private {
        (uint256 out0, uint256 out1) = hop.tokenIn < hop.tokenOut ? (uint256(0), amountOut) : (amountOut, uint256(0));
        if (data.length != 0) expectedPool = pair;
        IUniswapV2Pair(pair).swap(out0, out1, address(this), data);
        expectedPool = address(0);
    }

    /// Swaps on a V3 or Algebra pool with no price limit (both take V3's bounds); returns the output it reports delivering and the input it took.
    function _swapV3(address pool, Hop memory hop, int256 amountSpecified, bytes memory data)
        private
        returns (uint256 delivered, uint256 taken)
    {
        bool zeroForOne = hop.tokenIn < hop.tokenOut;
        expectedPool = pool;
        (int256 amount0, int256 amount1) = IUniswapV3Pool(pool).swap(
            address(this), zeroForOne, amountSpecified, zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT, data
        );
        expectedPool = address(0);
        delivered = uint256(-(zeroForOne ? amount1 : amount0));
        taken = uint256(zeroForOne ? amount0 : amount1);
    }

    /// Swaps hop `j` (a V4 hop) in `manager`: directly when that manager is already unlocked (a previous hop of an
    /// exact-out path), else inside its `unlock`. Returns the output taken here and the input paid.
    function _swapV4(address manager, Hop[] memory hops, uint256 j, int256 amountSpecified, bool exactOut)
        private
        returns (uint256 delivered, uint256 taken)
    {
        if (unlockedManager == manager) return _swapV4Unlocked(manager, hops, j, amountSpecified, exactOut);
        expectedPool = manager;
        bytes memory result = IPoolManager(manager).unlock(abi.encode(hops, j, amountSpecified, exactOut));
        expectedPool = address(0);
        (delivered, taken) = abi.decode(result, (uint256, uint256));
    }

    /// The swap of V4 hop `j` in the unlocked `manager`, with no price limit and no hook; pays its input (exact-out:
    /// from the caller's input for the first hop, else by swapping the previous hop for it) and takes its output
    /// here, so the manager's books close on every hop.
    function _swapV4Unlocked(address manager, Hop[] memory hops, uint256 j, int256 amountSpecified, bool exactOut)
        private
        returns (uint256 delivered, uint256 taken)
    {
        (address currencyIn, address currencyOut) = (address(0), address(0));
        (delivered, taken, currencyIn, currencyOut) = _v4Swap(manager, hops[j], amountSpecified);
        if (exactOut) {
            if (j == 0) _spendInput(taken);
            else _swapExactOutHop(hops, j - 1, taken);
        }
        _settleV4(manager, currencyIn, taken);
        if (delivered != 0) {
            IPoolManager(manager).take(currencyOut, address(this), delivered);
            if (currencyOut == address(0)) IWrappedNative(wrappedNative).deposit{value: delivered}();
        }
    }

    /// `manager.swap` of one V4 hop; returns the output owed to us, the input we owe and the hop's currencies.
    function _v4Swap(address manager, Hop memory hop, int256 amountSpecified)
        private
        returns (uint256 delivered, uint256 taken, address currencyIn, address currencyOut)
    {
        IPoolManager.PoolKey memory key;
        (key, currencyIn, currencyOut) = _v4Key(factories[hop.factoryId], hop);
        bool zeroForOne = currencyIn < currencyOut;
        int256 delta = IPoolManager(manager).swap(
            key,
            IPoolManager.SwapParams(
                zeroForOne, amountSpecified, zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT
            ),
            ""
        );
        // BalanceDelta: amount0 in the high 128 bits, amount1 in the low ones
        (int128 inDelta, int128 outDelta) =
            zeroForOne ? (int128(delta >> 128), int128(delta)) : (int128(delta), int128(delta >> 128));
        if (inDelta > 0 || outDelta < 0) revert InvalidRoute(0, 0);
        taken = uint256(uint128(-inDelta));
        delivered = uint256(uint128(outDelta));
    }

    /// Pays `amount` of `currency` (address zero: native ETH, unwrapped from our wrapped native) to `manager`.
    function _settleV4(address manager, address currency, uint256 amount) private {
        if (amount == 0) return;
        if (currency == address(0)) {
            IWrappedNative(wrappedNative).withdraw(amount);
            IPoolManager(manager).settle{value: amount}();
        } else {
            IPoolManager(manager).sync(currency);
            _transfer(currency, manager, amount);
            IPoolManager(manager).settle();
        }
    }

    /// The V4 pool key of a hop through entry `f` (hooks none), and the hop's currencies in it: the wrapped native
    /// token is native ETH (address zero) in a native entry's pools.
    function _v4Key(FactoryConfig memory f, Hop memory hop)
        private
        view
        returns (IPoolManager.PoolKey memory key, address currencyIn, address currencyOut)
    {
        uint256 params = uint256(f.initCodeHash);
        bool native = params & V4_NATIVE != 0;
        currencyIn = native && hop.tokenIn == wrappedNative ? address(0) : hop.tokenIn;
        currencyOut = native && hop.tokenOut == wrappedNative ? address(0) : hop.tokenOut;
        (address currency0, address currency1) =
            currencyIn < currencyOut ? (currencyIn, currencyOut) : (currencyOut, currencyIn);
        key = IPoolManager.PoolKey(currency0, currency1, hop.fee, int24(uint24(params & 0xffffff)), address(0));
    }

    /// Pays `owed` of hop `index`'s input to `pool`: from the caller's input for the first hop, otherwise
    /// by first swapping the previous hop for exactly that amount.
    function _settleExactOut(Hop[] memory hops, uint256 index, uint256 owed, address pool) private {
        address token = hops[index].tokenIn;
        if (index == 0) {
            _spendInput(owed);
        } else {
            _swapExactOutHop(hops, index - 1, owed);
        }
        _transfer(token, pool, owed);
    }

    /// Exact-out: takes `owed` from the input pulled from msg.sender; more than is left reverts `ExcessiveInput`.
    function _spendInput(uint256 owed) private {
        uint256 left = inputLeft;
        if (owed > left) revert ExcessiveInput(inputMax - left + owed, inputMax);
        inputLeft = left - owed;
    }

    function _emitSwapped(SwapParams calldata p, uint256 amountIn, uint256 amountOut, uint256 fee) private {
        emit Swapped(msg.sender, p.receiver, p.integratorId, p.tokenIn, p.tokenOut, amountIn, amountOut, fee);
    }

    function _poolFor(FactoryConfig memory f, Hop memory hop) private pure returns (address) {
        (address token0, address token1) =
            hop.tokenIn < hop.tokenOut ? (hop.tokenIn, hop.tokenOut) : (hop.tokenOut, hop.tokenIn);
        bytes32 salt = f.kind == KIND_V2
            ? keccak256(abi.encodePacked(token0, token1))
            : f.kind == KIND_ALGEBRA ? keccak256(abi.encode(token0, token1)) : keccak256(abi.encode(token0, token1, hop.fee));
        return address(uint160(uint256(keccak256(abi.encodePacked(hex"ff", f.factory, salt, f.initCodeHash)))));
    }

    function _reserves(address pair, Hop memory hop) private view returns (uint256 reserveIn, uint256 reserveOut) {
        (uint112 reserve0, uint112 reserve1,) = IUniswapV2Pair(pair).getReserves();
        (reserveIn, reserveOut) = hop.tokenIn < hop.tokenOut ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    /// Sends `amount` of the wrapped `token` to `to`, unwrapping to ETH when `publicToken` is native.
    function _send(address publicToken, address token, address to, uint256 amount) private {
        if (publicToken != address(0)) return _transfer(token, to, amount);
        IWrappedNative(token).withdraw(amount);
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed();
    }

    function _transfer(address token, address to, uint256 amount) private {
        _call(token, abi.encodeWithSelector(0xa9059cbb, to, amount));
    }

    function _balanceOf(address token, address account) private view returns (uint256) {
        return IERC20(token).balanceOf(account);
    }

    function _toInt256(uint256 value) private pure returns (int256) {
        if (value > uint256(type(int256).max)) revert ExcessiveInput(value, uint256(type(int256).max));
        return int256(value);
    }
}
