// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface ITokenCallsERC20 {
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

/// @title TokenCalls
/// @notice The token and native-currency moves our contracts share: ERC-20 calls that tolerate tokens returning
/// nothing (USDT-style) and bubble the token's own revert data, payments in either (address(0) = native), and
/// the contract's own balance of either.
abstract contract TokenCalls {
    error NativeTransferFailed();
    error TransferFailed(address token);

    /// This contract's balance of `token` (address(0) = native).
    function _balance(address token) internal view returns (uint256) {
        return token == address(0) ? address(this).balance : ITokenCallsERC20(token).balanceOf(address(this));
    }

    /// Pays `amount` of `token` (address(0) = native) to `to`.
    function _pay(address token, address to, uint256 amount) internal {
        if (token == address(0)) {
            (bool sent,) = to.call{value: amount}("");
            if (!sent) revert NativeTransferFailed();
            return;
        }
        _call(token, abi.encodeCall(ITokenCallsERC20.transfer, (to, amount)));
    }

    function _approve(address token, address spender, uint256 amount) internal {
        _call(token, abi.encodeCall(ITokenCallsERC20.approve, (spender, amount)));
    }

    /// ERC20 call tolerating tokens that return nothing; bubbles the token's revert data.
    function _call(address token, bytes memory data) internal {
        (bool ok, bytes memory ret) = token.call(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
        if ((ret.length != 0 && !abi.decode(ret, (bool))) || token.code.length == 0) revert TransferFailed(token);
    }
}
