// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {MessagingFee, MessagingReceipt, OFTReceipt, SendParam} from "../stargate/IStargate.sol";

interface ITestPoolToken {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// @title TestStargatePool
/// @notice Test stand-in for a Stargate V2 pool's `send` (taxi) until the devnet runs the real stack: removes
/// dust below `conversionRate` (local vs shared decimals), pulls the token (or takes `amountLD` of msg.value
/// for a native pool), keeps `feeBps` of the amount as the protocol fee, charges `messagingFee` and refunds the
/// rest of msg.value to the refund address, like StargatePool/StargatePoolNative with EndpointV2. Emits the
/// compose payload the destination pool would queue (composeFrom = msg.sender prepended, as TaxiCodec does).
contract TestStargatePool {
    event Sent(
        bytes32 indexed guid,
        uint32 dstEid,
        bytes32 to,
        uint256 amountSentLD,
        uint256 amountReceivedLD,
        bytes composeMsg
    );

    error InvalidAmount();
    error InsufficientFee(uint256 paid, uint256 required);
    error SlippageExceeded(uint256 amountReceivedLD, uint256 minAmountLD);
    error RefundFailed();

    address public immutable token;
    uint256 public immutable conversionRate;
    uint256 public immutable feeBps;
    uint256 public immutable messagingFee;
    uint64 public nonce;

    constructor(address token_, uint256 conversionRate_, uint256 feeBps_, uint256 messagingFee_) {
        token = token_;
        conversionRate = conversionRate_;
        feeBps = feeBps_;
        messagingFee = messagingFee_;
    }

    function quoteSend(SendParam calldata, bool) external view returns (MessagingFee memory) {
        return MessagingFee(messagingFee, 0);
    }

    function send(SendParam calldata p, MessagingFee calldata fee, address refundAddress)
        external
        payable
        returns (MessagingReceipt memory receipt, OFTReceipt memory oftReceipt)
    {
        uint256 sent = p.amountLD / conversionRate * conversionRate;
        if (sent == 0) revert InvalidAmount();
        uint256 value = msg.value;
        if (token == address(0)) {
            if (value < sent + fee.nativeFee) revert InvalidAmount();
            value -= sent;
        } else if (!ITestPoolToken(token).transferFrom(msg.sender, address(this), sent)) {
            revert InvalidAmount();
        }
        if (value < messagingFee) revert InsufficientFee(value, messagingFee);
        uint256 received = (sent - sent * feeBps / 10_000) / conversionRate * conversionRate;
        if (received < p.minAmountLD) revert SlippageExceeded(received, p.minAmountLD);
        if (value > messagingFee) {
            (bool ok,) = refundAddress.call{value: value - messagingFee}("");
            if (!ok) revert RefundFailed();
        }
        nonce += 1;
        bytes32 guid = keccak256(abi.encodePacked(address(this), nonce));
        bytes memory composeMsg =
            p.composeMsg.length == 0 ? bytes("") : abi.encodePacked(bytes32(uint256(uint160(msg.sender))), p.composeMsg);
        emit Sent(guid, p.dstEid, p.to, sent, received, composeMsg);
        receipt = MessagingReceipt(guid, nonce, MessagingFee(messagingFee, 0));
        oftReceipt = OFTReceipt(sent, received);
    }
}
