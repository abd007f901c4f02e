// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ITokenCallsERC20, TokenCalls} from "./TokenCalls.sol";
import {Aggregator} from "./Aggregator.sol";
import {DestinationSwap} from "./stargate/DestinationSwap.sol";
import {IStargate, MessagingFee, MessagingReceipt, OFTReceipt, SendParam} from "./stargate/IStargate.sol";

/// @title StargateEntry
/// @notice Origin side of a cross-chain swap, in one transaction: swaps the caller's token to the Stargate
/// pool's asset with the Aggregator (when it differs), then calls the pool's `send` with the quoted fee, our
/// compose message for the destination StargateComposer (or none) and the caller as refund address. Leaves
/// nothing here: the pool's dust is refunded to the caller. Pools are fixed at construction (no owner).
/// See docs/stargate-composer.md.
contract StargateEntry is TokenCalls {
    /// A Stargate pool this entry may send through and its asset (address(0) = native).
    struct PoolConfig {
        address pool;
        address token;
    }

    struct CrossSwap {
        address tokenIn; // address(0) = native: msg.value = amountIn + nativeFee
        uint256 amountIn;
        uint256 minBridgeAmount; // the origin swap's minimum output (ignored when tokenIn is the pool's asset)
        uint256 exactAmountLD; // 0: send all of the pool's asset held (less the fee); else exactly this, rest refunded
        uint256 deadline; // of the origin swap and the send
        address pool;
        uint32 dstEid;
        address composer; // the destination StargateComposer; address(0): no destination swap, bridge to receiver
        uint256 minAmountLD; // Stargate's minimum received on the destination
        bytes extraOptions; // LayerZero executor options (compose gas)
        uint256 nativeFee; // from the pool's quoteSend
        address feeRecipient; // the integrator's fee, in the pool's asset, taken before the send
        uint16 feeBps;
        bytes32 integratorId; // attribution tag, emitted as is
    }

    event CrossSwapSent(
        address indexed sender,
        bytes32 indexed guid,
        uint32 indexed dstEid,
        address receiver,
        address tokenIn,
        uint256 amountIn,
        address bridgeToken,
        uint256 amountSentLD,
        uint256 amountReceivedLD,
        address tokenOut,
        uint256 minAmountOut
    );
    /// The send's attribution and integrator fee (in the pool's asset), emitted just before its `CrossSwapSent`.
    event CrossSwapAttributed(bytes32 indexed guid, bytes32 integratorId, address feeRecipient, uint256 feeAmount);

    error UnknownPool(address pool);
    error DuplicatePool(address pool);
    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    error InvalidMsgValue(uint256 value, uint256 expected);
    error InvalidReceiver(address receiver);
    error InvalidRoute();
    error ZeroAmount();
    error Reentrancy();
    error FeeTooHigh(uint16 feeBps);
    error InsufficientBridgeAmount(uint256 held, uint256 needed);

    /// The integrator fee's cap, as the Aggregator's.
    uint16 public constant MAX_FEE_BPS = 1000;

    Aggregator public immutable aggregator;

    mapping(address pool => bool) public isPool;
    mapping(address pool => address) public poolToken;

    bool private transient locked;

    constructor(Aggregator aggregator_, PoolConfig[] memory pools_) {
        aggregator = aggregator_;
        for (uint256 i; i < pools_.length; ++i) {
            if (isPool[pools_[i].pool] || pools_[i].pool == address(0)) revert DuplicatePool(pools_[i].pool);
            isPool[pools_[i].pool] = true;
            poolToken[pools_[i].pool] = pools_[i].token;
        }
    }

    /// @notice Native output of the origin swap arrives from the Aggregator; nothing else sends coins here.
    receive() external payable {
        if (msg.sender != address(aggregator)) revert InvalidMsgValue(msg.value, 0);
    }

    /// @notice Swaps `s.amountIn` of `s.tokenIn` (pulled from msg.sender; native: msg.value = amountIn +
    /// nativeFee, else msg.value = nativeFee) to the pool's asset along `steps` (none when tokenIn is that
    /// asset), then sends all of it with `pool.send`: to `s.composer` with `abi.encode(dst)` as compose message,
    /// or, without a composer, straight to `dst.receiver`. The caller is the refund address of the fee and
    /// gets the pool's dust back. An integrator fee of `s.feeBps` (at most MAX_FEE_BPS) of the pool's asset goes to
    /// `s.feeRecipient` before the send. With `s.exactAmountLD` set, exactly that much is sent (an exact output:
    /// Stargate's fee on a known amount is known), its fee taken besides, and what the swap paid above both comes
    /// back to the caller; less reverts `InsufficientBridgeAmount`. Emits `CrossSwapAttributed` and
    /// `CrossSwapSent`.
    /// @return receipt The LayerZero packet (guid, nonce, fee) and `oftReceipt` the amounts sent and received.
    function swapAndSend(CrossSwap calldata s, Aggregator.Step[] calldata steps, DestinationSwap calldata dst)
        external
        payable
        returns (MessagingReceipt memory receipt, OFTReceipt memory oftReceipt)
    {
        if (locked) revert Reentrancy();
        locked = true;
        if (block.timestamp > s.deadline) revert DeadlineExpired(s.deadline, block.timestamp);
        if (!isPool[s.pool]) revert UnknownPool(s.pool);
        if (s.amountIn == 0) revert ZeroAmount();
        if (dst.receiver == address(0) || dst.receiver == s.composer) revert InvalidReceiver(dst.receiver);
        uint256 expected = s.tokenIn == address(0) ? s.amountIn + s.nativeFee : s.nativeFee;
        if (msg.value != expected) revert InvalidMsgValue(msg.value, expected);
        address bridgeToken = poolToken[s.pool];
        uint256 heldBefore = _balance(bridgeToken) - (bridgeToken == address(0) ? msg.value : 0);
        if (s.feeBps > MAX_FEE_BPS) revert FeeTooHigh(s.feeBps);
        uint256 amountLD = _toBridgeAsset(s, steps, bridgeToken);
        uint256 feeAmount;
        if (s.exactAmountLD == 0) {
            feeAmount = amountLD * s.feeBps / 10_000;
            amountLD -= feeAmount;
        } else {
            feeAmount = s.exactAmountLD * s.feeBps / 10_000;
            if (amountLD < s.exactAmountLD + feeAmount) {
                revert InsufficientBridgeAmount(amountLD, s.exactAmountLD + feeAmount);
            }
            amountLD = s.exactAmountLD;
        }
        if (feeAmount != 0) {
            if (s.feeRecipient == address(0)) revert InvalidReceiver(s.feeRecipient);
            _pay(bridgeToken, s.feeRecipient, feeAmount);
        }
        (receipt, oftReceipt) = _send(s, dst, bridgeToken, amountLD);
        uint256 left = _balance(bridgeToken) - heldBefore;
        if (left != 0) _pay(bridgeToken, msg.sender, left);
        emit CrossSwapAttributed(receipt.guid, s.integratorId, s.feeRecipient, feeAmount);
        _emitSent(s, dst, bridgeToken, receipt.guid, oftReceipt);
        locked = false;
    }

    /// Pulls the input and swaps it to the pool's asset; returns the amount of that asset held for the send.
    function _toBridgeAsset(CrossSwap calldata s, Aggregator.Step[] calldata steps, address bridgeToken)
        private
        returns (uint256 amount)
    {
        amount = s.amountIn;
        if (s.tokenIn != address(0)) {
            uint256 before = _balance(s.tokenIn);
            _call(s.tokenIn, abi.encodeCall(ITokenCallsERC20.transferFrom, (msg.sender, address(this), s.amountIn)));
            amount = _balance(s.tokenIn) - before;
        }
        if (s.tokenIn == bridgeToken) {
            if (steps.length != 0) revert InvalidRoute();
            return amount;
        }
        Aggregator.SwapParams memory p = Aggregator.SwapParams({
            tokenIn: s.tokenIn,
            tokenOut: bridgeToken,
            amountIn: amount,
            amountOut: s.minBridgeAmount,
            receiver: address(this),
            deadline: s.deadline,
            feeRecipient: address(0),
            feeBps: 0,
            integratorId: bytes32(0)
        });
        if (s.tokenIn != address(0)) _approve(s.tokenIn, address(aggregator), amount);
        amount = aggregator.swapExactInRoute{value: s.tokenIn == address(0) ? amount : 0}(p, steps);
        if (s.tokenIn != address(0)) _approve(s.tokenIn, address(aggregator), 0);
    }

    function _send(CrossSwap calldata s, DestinationSwap calldata dst, address bridgeToken, uint256 amountLD)
        private
        returns (MessagingReceipt memory receipt, OFTReceipt memory oftReceipt)
    {
        bool compose = s.composer != address(0);
        SendParam memory sendParam = SendParam({
            dstEid: s.dstEid,
            to: bytes32(uint256(uint160(compose ? s.composer : dst.receiver))),
            amountLD: amountLD,
            minAmountLD: s.minAmountLD,
            extraOptions: s.extraOptions,
            composeMsg: compose ? abi.encode(dst) : bytes(""),
            oftCmd: ""
        });
        uint256 value = s.nativeFee;
        if (bridgeToken == address(0)) value += amountLD;
        else _approve(bridgeToken, s.pool, amountLD);
        (receipt, oftReceipt) =
            IStargate(s.pool).send{value: value}(sendParam, MessagingFee(s.nativeFee, 0), msg.sender);
        if (bridgeToken != address(0)) _approve(bridgeToken, s.pool, 0);
    }

    function _emitSent(
        CrossSwap calldata s,
        DestinationSwap calldata dst,
        address bridgeToken,
        bytes32 guid,
        OFTReceipt memory oftReceipt
    ) private {
        emit CrossSwapSent(
            msg.sender,
            guid,
            s.dstEid,
            dst.receiver,
            s.tokenIn,
            s.amountIn,
            bridgeToken,
            oftReceipt.amountSentLD,
            oftReceipt.amountReceivedLD,
            dst.tokenOut,
            dst.minAmountOut
        );
    }
}
