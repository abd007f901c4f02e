// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Aggregator} from "../Aggregator.sol";

/// Our compose message (`abi.encode(DestinationSwap)`), the part of Stargate's compose payload after
/// `nonce (8) || srcEid (4) || amountLD (32) || composeFrom (32)`: on the destination chain the bridged
/// amount is swapped to `tokenOut` (address(0) = native) along `steps` with the Aggregator, paying at least
/// `minAmountOut` to `receiver` before `deadline`; otherwise the receiver gets the bridged asset itself.
struct DestinationSwap {
    address receiver;
    address tokenOut;
    uint256 minAmountOut;
    uint256 deadline;
    Aggregator.Step[] steps;
}
