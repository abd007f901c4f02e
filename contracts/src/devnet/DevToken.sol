// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevToken
/// @notice Devnet ERC20 with optional real-world quirks: a transfer tax paid to the minter, USDT-style
/// allowance resets, and USDT-style missing return values.
contract DevToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint16 public immutable transferFeeBps;
    bool public immutable requireAllowanceReset;
    bool public immutable noReturnValue;
    address public immutable minter;

    uint256 public totalSupply;
    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error NotMinter(address caller);
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error AllowanceNotReset(address spender, uint256 allowance);
    error FeeTooHigh(uint16 feeBps);

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        uint16 transferFeeBps_,
        bool requireAllowanceReset_,
        bool noReturnValue_,
        address minter_
    ) {
        if (transferFeeBps_ > 10_000) revert FeeTooHigh(transferFeeBps_);
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        transferFeeBps = transferFeeBps_;
        requireAllowanceReset = requireAllowanceReset_;
        noReturnValue = noReturnValue_;
        minter = minter_;
    }

    /// @notice Creates `amount` tokens for `to`; only the minter. No transfer fee is charged.
    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /// @notice Sets `spender`'s allowance; with `requireAllowanceReset`, changing a non-zero allowance to
    /// another non-zero value reverts `AllowanceNotReset` (set it to 0 first, like mainnet USDT).
    function approve(address spender, uint256 amount) external returns (bool) {
        uint256 current = allowance[msg.sender][spender];
        if (requireAllowanceReset && amount != 0 && current != 0) revert AllowanceNotReset(spender, current);
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return _success();
    }

    /// @notice Moves `amount` from the caller; the recipient gets `amount` minus the transfer fee.
    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return _success();
    }

    /// @notice Moves `amount` from `from` using the caller's allowance (unlimited when max uint256).
    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < amount) revert InsufficientAllowance(msg.sender, allowed, amount);
            allowance[from][msg.sender] = allowed - amount;
        }
        _move(from, to, amount);
        return _success();
    }

    function _move(address from, address to, uint256 amount) private {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(from, balance, amount);
        uint256 fee = amount * transferFeeBps / 10_000;
        balanceOf[from] = balance - amount;
        balanceOf[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
        if (fee != 0) {
            balanceOf[minter] += fee;
            emit Transfer(from, minter, fee);
        }
    }

    /// Returns true, or ends the call with empty return data for USDT-style tokens.
    function _success() private view returns (bool) {
        if (noReturnValue) {
            assembly ("memory-safe") {
                return(0, 0)
            }
        }
        return true;
    }
}
