// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title GasBurnToken
/// @notice Test fixture: an ERC20 whose `transfer` and `transferFrom` burn gas in a loop of `burnLoops` rounds
/// (an attacker's token that makes whoever pays the gas pay for nothing). Anyone may mint and set the loop: it
/// only exists in tests.
contract GasBurnToken {
    string public constant name = "Gas Burn";
    string public constant symbol = "BURN";
    uint8 public constant decimals = 18;

    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;
    uint256 public burnLoops;
    /// Where the loop's last hash goes, so the loop has an effect the optimizer keeps.
    uint256 public lastSink;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function setBurnLoops(uint256 loops) external {
        burnLoops = loops;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        if (allowance[from][msg.sender] != type(uint256).max) allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        // arithmetic only: no memory grows, so the cost is linear in `burnLoops` (about 40 gas a round)
        uint256 sink;
        uint256 loops = burnLoops;
        unchecked {
            for (uint256 i = 0; i < loops; ++i) {
                sink = sink * 31 + i;
            }
        }
        if (loops > 0) lastSink = sink;
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
