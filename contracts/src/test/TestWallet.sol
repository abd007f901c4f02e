// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title TestWallet
/// @notice Test fixture: a smart-contract wallet that makes calls for its owner (a claim, a deposit through an
/// entry contract) and, unless built with `acceptsNative`, refuses native coins like a contract without
/// `receive`.
contract TestWallet {
    address public immutable owner;
    bool public immutable acceptsNative;

    error NotOwner(address caller);
    error NativeRefused();

    constructor(address owner_, bool acceptsNative_) {
        owner = owner_;
        acceptsNative = acceptsNative_;
    }

    receive() external payable {
        if (!acceptsNative) revert NativeRefused();
    }

    /// @notice Calls `target` with `data` and `value` of this wallet's coins, bubbling its revert; only the owner.
    function execute(address target, uint256 value, bytes calldata data) external payable returns (bytes memory ret) {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        bool ok;
        (ok, ret) = target.call{value: value}(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
    }
}
