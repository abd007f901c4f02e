// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Aggregator} from "./Aggregator.sol";

/// The subset of Permit2's SignatureTransfer this contract calls.
interface IPermit2Witness {
    struct TokenPermissions {
        address token;
        uint256 amount;
    }

    struct PermitTransferFrom {
        TokenPermissions permitted;
        uint256 nonce;
        uint256 deadline;
    }

    struct SignatureTransferDetails {
        address to;
        uint256 requestedAmount;
    }

    function permitWitnessTransferFrom(
        PermitTransferFrom calldata permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external;
}

interface ISettlementToken {
    function balanceOf(address account) external view returns (uint256);
    function allowance(address owner, address spender) external view returns (uint256);
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external;
    function transfer(address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

/// @title GaslessSettlement
/// @notice Executes gasless orders: the user signs one Permit2 `PermitWitnessTransferFrom` whose witness is
/// the order, and an allowlisted relayer submits it and pays the gas. The relayer's fee is taken in the
/// source token, at most the signed `fee`; the rest of the input is swapped by the Aggregator along exactly
/// the signed route (`tradeHash` = keccak256(abi.encode(steps))) to the signed receiver, at least
/// `amountOutMin`, before `deadline`. Permit2's domain binds the chain and this contract (the spender), and
/// its unordered nonce makes every order executable once; the user cancels on chain with Permit2's
/// `invalidateUnorderedNonces`. A contract beside the Aggregator rather than inside it keeps the
/// Aggregator's one rule, "input is pulled only from msg.sender", and its audited surface unchanged, and
/// keeps the relayer allowlist (state with an owner) out of the owner-less Aggregator.
/// See docs/gasless.md.
contract GaslessSettlement {
    /// The witness the user signs (field order and names as the reference's gasless order).
    struct GaslessOrder {
        address user;
        address receiver;
        address srcToken;
        address dstToken; // address(0) = native
        uint256 amountIn;
        uint256 fee; // the most the relayer may take, in srcToken
        uint256 amountOutMin;
        uint256 deadline;
        bytes32 tradeHash; // keccak256(abi.encode(steps))
    }

    bytes32 public constant ORDER_TYPEHASH = keccak256(
        "GaslessOrder(address user,address receiver,address srcToken,address dstToken,uint256 amountIn,uint256 fee,uint256 amountOutMin,uint256 deadline,bytes32 tradeHash)"
    );
    string public constant WITNESS_TYPE_STRING =
        "GaslessOrder witness)GaslessOrder(address user,address receiver,address srcToken,address dstToken,uint256 amountIn,uint256 fee,uint256 amountOutMin,uint256 deadline,bytes32 tradeHash)TokenPermissions(address token,uint256 amount)";
    /// The owner's EIP-2612 permit of the source token to Permit2 (`executeWithPermit`).
    struct TokenPermit {
        uint256 value;
        uint256 deadline;
        uint8 v;
        bytes32 r;
        bytes32 s;
    }

    /// The signed fee may not exceed this share of `amountIn` (basis points).
    uint256 public constant MAX_FEE_BPS = 1000;

    event GaslessOrderFilled(
        address indexed user,
        bytes32 indexed orderHash,
        uint256 indexed nonce,
        address receiver,
        address srcToken,
        address dstToken,
        uint256 amountIn,
        uint256 fee,
        uint256 amountOut
    );
    event RelayerSet(address indexed relayer, bool allowed);
    event OwnerSet(address indexed owner);

    error NotRelayer(address caller);
    error NotOwner(address caller);
    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    error FeeAboveSigned(uint256 fee, uint256 signedFee);
    error FeeAboveCap(uint256 signedFee, uint256 cap);
    error RouteMismatch(bytes32 tradeHash, bytes32 routeHash);
    error NativeInput();
    error ZeroAmount();
    error TransferFailed(address token);
    error Reentrancy();
    error PermitFailed(address token, uint256 allowance);

    Aggregator public immutable aggregator;
    IPermit2Witness public immutable permit2;
    address public owner;
    mapping(address relayer => bool) public isRelayer;

    bool private transient locked;

    constructor(Aggregator aggregator_, IPermit2Witness permit2_, address owner_, address[] memory relayers_) {
        aggregator = aggregator_;
        permit2 = permit2_;
        owner = owner_;
        emit OwnerSet(owner_);
        for (uint256 i; i < relayers_.length; ++i) {
            isRelayer[relayers_[i]] = true;
            emit RelayerSet(relayers_[i], true);
        }
    }

    /// @notice Allows or revokes a relayer. Only the owner.
    function setRelayer(address relayer, bool allowed) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        isRelayer[relayer] = allowed;
        emit RelayerSet(relayer, allowed);
    }

    /// @notice Hands the relayer allowlist to `owner_`. Only the owner.
    function setOwner(address owner_) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        owner = owner_;
        emit OwnerSet(owner_);
    }

    /// @notice EIP-712 struct hash of `order`: the Permit2 witness.
    function hashOrder(GaslessOrder calldata order) public pure returns (bytes32) {
        return keccak256(abi.encode(ORDER_TYPEHASH, order));
    }

    /// @notice Executes `order` signed by `order.user` with Permit2 `nonce`: pulls `amountIn` with
    /// `permitWitnessTransferFrom`, pays `fee` (at most the signed fee) to the calling relayer, swaps the rest
    /// along `steps` with the Aggregator to `order.receiver`. Only an allowlisted relayer. Reverts on a
    /// changed route, a fee above the signed fee or the cap, an expired deadline, or (in Permit2) a bad
    /// signature, another chain's signature, or a used or cancelled nonce.
    /// @return amountOut The receiver's balance increase (at least `amountOutMin`).
    function execute(
        GaslessOrder calldata order,
        uint256 nonce,
        bytes calldata signature,
        Aggregator.Step[] calldata steps,
        uint256 fee
    ) external returns (uint256 amountOut) {
        if (locked) revert Reentrancy();
        locked = true;
        if (!isRelayer[msg.sender]) revert NotRelayer(msg.sender);
        amountOut = _execute(order, nonce, signature, steps, fee);
        locked = false;
    }

    /// @notice `execute` for a source token with its own EIP-2612 permit, so that the user needs no approval
    /// transaction at all: first applies `tokenPermit` (the user's permit of the token to Permit2), then
    /// executes the order as `execute` does. Reverts `PermitFailed` when Permit2's allowance then does not
    /// cover `amountIn`: a permit expired, signed by another account than `order.user`, or below the amount (a
    /// permit that fails because someone submitted it first is fine). Only an allowlisted relayer.
    /// @return amountOut The receiver's balance increase (at least `amountOutMin`).
    function executeWithPermit(
        GaslessOrder calldata order,
        uint256 nonce,
        bytes calldata signature,
        Aggregator.Step[] calldata steps,
        uint256 fee,
        TokenPermit calldata tokenPermit
    ) external returns (uint256 amountOut) {
        if (locked) revert Reentrancy();
        locked = true;
        if (!isRelayer[msg.sender]) revert NotRelayer(msg.sender);
        _applyPermit(order, tokenPermit);
        amountOut = _execute(order, nonce, signature, steps, fee);
        locked = false;
    }

    function _applyPermit(GaslessOrder calldata order, TokenPermit calldata p) private {
        ISettlementToken token = ISettlementToken(order.srcToken);
        // A permit someone else submitted first reverts here yet left the allowance it grants: judge by that.
        try token.permit(order.user, address(permit2), p.value, p.deadline, p.v, p.r, p.s) {} catch {}
        uint256 allowed = token.allowance(order.user, address(permit2));
        if (allowed < order.amountIn) revert PermitFailed(order.srcToken, allowed);
    }

    function _execute(
        GaslessOrder calldata order,
        uint256 nonce,
        bytes calldata signature,
        Aggregator.Step[] calldata steps,
        uint256 fee
    ) private returns (uint256 amountOut) {
        if (block.timestamp > order.deadline) revert DeadlineExpired(order.deadline, block.timestamp);
        if (order.srcToken == address(0)) revert NativeInput();
        if (order.amountIn == 0) revert ZeroAmount();
        if (fee > order.fee) revert FeeAboveSigned(fee, order.fee);
        uint256 cap = order.amountIn * MAX_FEE_BPS / 10_000;
        if (order.fee > cap) revert FeeAboveCap(order.fee, cap);
        bytes32 routeHash = keccak256(abi.encode(steps));
        if (routeHash != order.tradeHash) revert RouteMismatch(order.tradeHash, routeHash);

        uint256 received = _pull(order, nonce, signature);
        if (fee != 0) _call(order.srcToken, abi.encodeCall(ISettlementToken.transfer, (msg.sender, fee)));
        amountOut = _swap(order, steps, received - fee);
        _emitFilled(order, nonce, fee, amountOut);
    }

    function _emitFilled(GaslessOrder calldata order, uint256 nonce, uint256 fee, uint256 amountOut) private {
        emit GaslessOrderFilled(
            order.user,
            hashOrder(order),
            nonce,
            order.receiver,
            order.srcToken,
            order.dstToken,
            order.amountIn,
            fee,
            amountOut
        );
    }

    function _pull(GaslessOrder calldata order, uint256 nonce, bytes calldata signature)
        private
        returns (uint256 received)
    {
        uint256 before = ISettlementToken(order.srcToken).balanceOf(address(this));
        permit2.permitWitnessTransferFrom(
            IPermit2Witness.PermitTransferFrom({
                permitted: IPermit2Witness.TokenPermissions({token: order.srcToken, amount: order.amountIn}),
                nonce: nonce,
                deadline: order.deadline
            }),
            IPermit2Witness.SignatureTransferDetails({to: address(this), requestedAmount: order.amountIn}),
            order.user,
            hashOrder(order),
            WITNESS_TYPE_STRING,
            signature
        );
        received = ISettlementToken(order.srcToken).balanceOf(address(this)) - before;
    }

    function _swap(GaslessOrder calldata order, Aggregator.Step[] calldata steps, uint256 amount)
        private
        returns (uint256)
    {
        Aggregator.SwapParams memory p = Aggregator.SwapParams({
            tokenIn: order.srcToken,
            tokenOut: order.dstToken,
            amountIn: amount,
            amountOut: order.amountOutMin,
            receiver: order.receiver,
            deadline: order.deadline,
            feeRecipient: address(0),
            feeBps: 0,
            integratorId: bytes32(0)
        });
        _call(order.srcToken, abi.encodeCall(ISettlementToken.approve, (address(aggregator), amount)));
        uint256 amountOut = aggregator.swapExactInRoute(p, steps);
        _call(order.srcToken, abi.encodeCall(ISettlementToken.approve, (address(aggregator), 0)));
        return amountOut;
    }

    /// Calls a token that may return nothing (USDT-style) or a bool.
    function _call(address token, bytes memory data) private {
        (bool ok, bytes memory ret) = token.call(data);
        if (!ok || (ret.length != 0 && !abi.decode(ret, (bool)))) revert TransferFailed(token);
    }
}
