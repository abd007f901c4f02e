// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {TokenCalls} from "./TokenCalls.sol";
import {Aggregator} from "./Aggregator.sol";

interface IEntryErc20 {
    function balanceOf(address account) external view returns (uint256);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

interface ILiquidityRouterDeposit {
    function depositWithExpiry(address payable vault, address asset, uint256 amount, string calldata memo, uint256 expiration)
        external
        payable;
}

/// @title LiquidityEntry
/// @notice EVM to UTXO through the liquidity network in one transaction: swaps the caller's token to the
/// native currency with the Aggregator (when it is not native already), then deposits all of it to the
/// network's vault through the router (`depositWithExpiry`) with the network's memo. The memo's limit and the
/// expiration protect the cross-chain leg; `minNativeOut` and `deadline` the origin swap. The deposit's memo
/// always names a refund address (THORChain's `DEST/REFUND` form): the network refunds an inbound to the
/// sender of the transaction, which is not the user when a contract wallet or a relayer sends it. Holds
/// nothing between calls; the router is fixed at construction (no owner).
contract LiquidityEntry is TokenCalls {
    struct SwapDeposit {
        address tokenIn; // address(0) = native: msg.value = amountIn, no steps
        uint256 amountIn;
        uint256 minNativeOut; // the origin swap's minimum output
        uint256 deadline; // of the origin swap
        address payable vault; // the network's inbound address
        string memo; // the network's memo (`=:BTC.BTC:<address>:<limit>...`)
        uint256 expiration; // of the deposit (the quote's expiry)
        address refundAddress; // where the network refunds the deposit; address(0) = msg.sender
    }

    event SwapDeposited(
        address indexed sender,
        address indexed vault,
        address tokenIn,
        uint256 amountIn,
        uint256 nativeAmount,
        string memo
    );

    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    error InvalidMsgValue(uint256 value, uint256 expected);
    error InvalidRoute();
    error ZeroAmount();
    error Reentrancy();
    error InvalidMemo();

    Aggregator public immutable aggregator;
    ILiquidityRouterDeposit public immutable router;

    bool private transient locked;

    constructor(Aggregator aggregator_, ILiquidityRouterDeposit router_) {
        aggregator = aggregator_;
        router = router_;
    }

    /// @notice Native output of the origin swap arrives from the Aggregator; nothing else sends coins here.
    receive() external payable {
        if (msg.sender != address(aggregator)) revert InvalidMsgValue(msg.value, 0);
    }

    /// @notice Swaps `d.amountIn` of `d.tokenIn` (pulled from the caller; native: msg.value = amountIn) to the
    /// native currency along `steps` (none when native), then deposits all of it to `d.vault` through the router
    /// with `d.memo` and `d.expiration`, the memo's destination followed by `/` and the refund address
    /// (`d.refundAddress`, or msg.sender when zero; lowercase hex). A memo with fewer than three parts or with
    /// a refund address already reverts `InvalidMemo`. Emits `SwapDeposited` with the memo deposited.
    /// @return nativeAmount What was deposited to the vault, wei.
    function swapAndDeposit(SwapDeposit calldata d, Aggregator.Step[] calldata steps)
        external
        payable
        returns (uint256 nativeAmount)
    {
        if (locked) revert Reentrancy();
        locked = true;
        if (block.timestamp > d.deadline) revert DeadlineExpired(d.deadline, block.timestamp);
        if (d.amountIn == 0) revert ZeroAmount();
        if (d.tokenIn == address(0)) {
            if (msg.value != d.amountIn) revert InvalidMsgValue(msg.value, d.amountIn);
            if (steps.length != 0) revert InvalidRoute();
            nativeAmount = d.amountIn;
        } else {
            if (msg.value != 0) revert InvalidMsgValue(msg.value, 0);
            nativeAmount = _swapToNative(d, steps);
        }
        string memory memo = _withRefund(d.memo, d.refundAddress == address(0) ? msg.sender : d.refundAddress);
        router.depositWithExpiry{value: nativeAmount}(d.vault, address(0), nativeAmount, memo, d.expiration);
        emit SwapDeposited(msg.sender, d.vault, d.tokenIn, d.amountIn, nativeAmount, memo);
        locked = false;
    }

    function _swapToNative(SwapDeposit calldata d, Aggregator.Step[] calldata steps) private returns (uint256) {
        uint256 before = IEntryErc20(d.tokenIn).balanceOf(address(this));
        _call(d.tokenIn, abi.encodeCall(IEntryErc20.transferFrom, (msg.sender, address(this), d.amountIn)));
        uint256 amount = IEntryErc20(d.tokenIn).balanceOf(address(this)) - before;
        Aggregator.SwapParams memory p = Aggregator.SwapParams({
            tokenIn: d.tokenIn,
            tokenOut: address(0),
            amountIn: amount,
            amountOut: d.minNativeOut,
            receiver: address(this),
            deadline: d.deadline,
            feeRecipient: address(0),
            feeBps: 0,
            integratorId: bytes32(0)
        });
        _call(d.tokenIn, abi.encodeCall(IEntryErc20.approve, (address(aggregator), amount)));
        uint256 out = aggregator.swapExactInRoute(p, steps);
        _call(d.tokenIn, abi.encodeCall(IEntryErc20.approve, (address(aggregator), 0)));
        return out;
    }

    /// `memo` (`PREFIX:ASSET:DEST[:...]`) with `/<refund>` appended to its destination, the third part.
    function _withRefund(string calldata memo, address refund) private pure returns (string memory) {
        bytes calldata b = bytes(memo);
        uint256 colons;
        uint256 end = b.length;
        for (uint256 i; i < b.length; ++i) {
            if (b[i] == ":") {
                if (++colons == 3) {
                    end = i;
                    break;
                }
            } else if (b[i] == "/" && colons == 2) {
                revert InvalidMemo();
            }
        }
        if (colons < 2) revert InvalidMemo();
        return string(bytes.concat(b[:end], "/", _lowerHex(refund), b[end:]));
    }

    function _lowerHex(address account) private pure returns (bytes memory out) {
        bytes16 digits = "0123456789abcdef";
        out = new bytes(42);
        out[0] = "0";
        out[1] = "x";
        uint160 v = uint160(account);
        for (uint256 i = 41; i > 1; --i) {
            out[i] = digits[v & 0xf];
            v >>= 4;
        }
    }
}
