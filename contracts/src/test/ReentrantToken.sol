// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title ReentrantToken
/// @notice Test fixture: an ERC20 whose transfer/transferFrom first calls `target` with `payload`
/// (e.g. a nested Aggregator swap) and bubbles any revert.
contract ReentrantToken {
    string public constant name = "Reentrant";
    string public constant symbol = "REENT";
    uint8 public constant decimals = 18;

    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;
    address public target;
    bytes public payload;

    event Transfer(address indexed from, address indexed to, uint256 value);

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /// @notice Arms the hook: every later transfer first calls `target_` with `payload_`.
    function arm(address target_, bytes calldata payload_) external {
        target = target_;
        payload = payload_;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _hook();
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _hook();
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }

    function _hook() private {
        if (target == address(0)) return;
        (bool ok, bytes memory ret) = target.call(payload);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(ret, 32), mload(ret))
            }
        }
    }
}
