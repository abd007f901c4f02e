// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// Stargate V2's `SendParam` (LayerZero's IOFT): what to bridge, to whom, with which options and compose message.
struct SendParam {
    uint32 dstEid;
    bytes32 to;
    uint256 amountLD;
    uint256 minAmountLD;
    bytes extraOptions;
    bytes composeMsg;
    bytes oftCmd;
}

/// LayerZero V2's `MessagingFee`: the native fee (and LZ token fee, unused here) of one message.
struct MessagingFee {
    uint256 nativeFee;
    uint256 lzTokenFee;
}

/// LayerZero V2's `MessagingReceipt`: the packet's guid and nonce and the fee actually charged.
struct MessagingReceipt {
    bytes32 guid;
    uint64 nonce;
    MessagingFee fee;
}

/// IOFT's `OFTReceipt`: what left the sender (dust removed) and what the destination will receive.
struct OFTReceipt {
    uint256 amountSentLD;
    uint256 amountReceivedLD;
}

/// @title IStargate
/// @notice The part of Stargate V2's pool interface (IOFT `send`/`quoteSend`, `token`) the origin entry uses.
/// Layout as in the npm package stg-evm-v2 2.0.6 (src/interfaces/IStargate.sol; IOFT.sol of lz-evm-oapp-v2).
interface IStargate {
    function send(SendParam calldata sendParam, MessagingFee calldata fee, address refundAddress)
        external
        payable
        returns (MessagingReceipt memory receipt, OFTReceipt memory oftReceipt);

    function quoteSend(SendParam calldata sendParam, bool payInLzToken) external view returns (MessagingFee memory);

    function token() external view returns (address);
}
