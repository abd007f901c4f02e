// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title BlacklistToken
/// @notice Test fixture: an ERC20 that, like USDC and USDT, refuses transfers to or from a blacklisted
/// account (`Blacklisted(account)`). Anyone may mint and blacklist: it only exists in tests.
contract BlacklistToken {
    string public constant name = "Blacklist";
    string public constant symbol = "BLST";
    uint8 public constant decimals = 6;

    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;
    mapping(address account => bool) public isBlacklisted;

    event Transfer(address indexed from, address indexed to, uint256 value);

    error Blacklisted(address account);

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function blacklist(address account) external {
        isBlacklisted[account] = true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        if (isBlacklisted[from]) revert Blacklisted(from);
        if (isBlacklisted[to]) revert Blacklisted(to);
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
