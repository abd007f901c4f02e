// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface ISwapCallbacks {
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
    function uniswapV2Call(address sender, uint256 amount0, uint256 amount1, bytes calldata data) external;
    function algebraSwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
}

/// @title FakePool
/// @notice Test fixture: a contract posing as a pool that invokes the Aggregator's swap callbacks
/// directly, to show they reject callers other than the pool being swapped with. Bubbles reverts.
contract FakePool {
    function callV3(address aggregator, int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        ISwapCallbacks(aggregator).uniswapV3SwapCallback(amount0Delta, amount1Delta, data);
    }

    function callAlgebra(address aggregator, int256 amount0Delta, int256 amount1Delta, bytes calldata data)
        external
    {
        ISwapCallbacks(aggregator).algebraSwapCallback(amount0Delta, amount1Delta, data);
    }

    function callV2(address aggregator, address sender, uint256 amount0, uint256 amount1, bytes calldata data)
        external
    {
        ISwapCallbacks(aggregator).uniswapV2Call(sender, amount0, amount1, data);
    }
}
