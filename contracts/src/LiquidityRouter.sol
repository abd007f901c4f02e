// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {TokenCalls} from "./TokenCalls.sol";
interface IERC20Balance {
    function balanceOf(address account) external view returns (uint256);
}

/// @title LiquidityRouter
/// @notice The EVM entry of a THORChain-style liquidity network, with THORChain's router interface: users
/// deposit to a vault with a memo (`depositWithExpiry`), the network's vaults pay out through `transferOut`.
/// Native currency goes straight to the vault; tokens stay here, credited to the vault, which alone can move
/// them. Observers read the `Deposit` and `TransferOut` events.
contract LiquidityRouter is TokenCalls {
    /// vault => token => amount the vault may send out.
    mapping(address => mapping(address => uint256)) public vaultAllowance;
    bool private locked;

    event Deposit(address indexed to, address indexed asset, uint256 amount, string memo);
    event TransferOut(address indexed vault, address indexed to, address asset, uint256 amount, string memo);

    error Expired(uint256 expiration, uint256 timestamp);
    error InvalidAmount(uint256 amount, uint256 value);
    error InsufficientAllowance(uint256 available, uint256 amount);
    error Reentrancy();

    modifier nonReentrant() {
        if (locked) revert Reentrancy();
        locked = true;
        _;
        locked = false;
    }

    /// @notice Deposits `amount` of `asset` (address(0) = native, then `msg.value` must equal it) to `vault` with
    /// the network's `memo`; reverts `Expired` at or after `expiration` (unix seconds), so a stale quote never
    /// lands. Tokens are pulled here and credited to the vault by what actually arrived.
    function depositWithExpiry(address payable vault, address asset, uint256 amount, string calldata memo, uint256 expiration)
        external
        payable
        nonReentrant
    {
        if (block.timestamp >= expiration) revert Expired(expiration, block.timestamp);
        if (asset == address(0)) {
            if (msg.value != amount || amount == 0) revert InvalidAmount(amount, msg.value);
            (bool ok,) = vault.call{value: amount}("");
            if (!ok) revert NativeTransferFailed();
            emit Deposit(vault, asset, amount, memo);
            return;
        }
        if (msg.value != 0 || amount == 0) revert InvalidAmount(amount, msg.value);
        uint256 before = IERC20Balance(asset).balanceOf(address(this));
        _call(asset, abi.encodeWithSelector(0x23b872dd, msg.sender, address(this), amount));
        uint256 received = IERC20Balance(asset).balanceOf(address(this)) - before;
        vaultAllowance[vault][asset] += received;
        emit Deposit(vault, asset, received, memo);
    }

    /// @notice A vault pays `amount` of `asset` to `to` with the outbound `memo` (`OUT:<inbound hash>`): native
    /// from `msg.value`, tokens from what was deposited to that vault.
    function transferOut(address payable to, address asset, uint256 amount, string calldata memo)
        external
        payable
        nonReentrant
    {
        if (asset == address(0)) {
            if (msg.value != amount) revert InvalidAmount(amount, msg.value);
            (bool ok,) = to.call{value: amount}("");
            if (!ok) revert NativeTransferFailed();
        } else {
            if (msg.value != 0) revert InvalidAmount(amount, msg.value);
            uint256 available = vaultAllowance[msg.sender][asset];
            if (amount > available) revert InsufficientAllowance(available, amount);
            vaultAllowance[msg.sender][asset] = available - amount;
            _call(asset, abi.encodeWithSelector(0xa9059cbb, to, amount));
        }
        emit TransferOut(msg.sender, to, asset, amount, memo);
    }
}
