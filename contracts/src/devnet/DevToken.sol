// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevToken
/// @notice Devnet ERC20 with optional real-world quirks: a transfer tax paid to the minter, USDT-style
/// allowance resets, USDT-style missing return values, and (like USDC) an EIP-2612 `permit` with the domain
/// (name, version "1", chainId, this contract); without `hasPermit`, `permit`, `nonces` and
/// `DOMAIN_SEPARATOR` revert `NoPermit`, as a token without EIP-2612 has none of them.
contract DevToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint16 public immutable transferFeeBps;
    bool public immutable requireAllowanceReset;
    bool public immutable noReturnValue;
    address public immutable minter;
    bool public immutable hasPermit;

    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    mapping(address owner => uint256) private permitNonces;

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
    error NoPermit();
    error PermitExpired(uint256 deadline);
    error InvalidPermitSigner(address signer, address owner);

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        uint16 transferFeeBps_,
        bool requireAllowanceReset_,
        bool noReturnValue_,
        address minter_,
        bool hasPermit_
    ) {
        if (transferFeeBps_ > 10_000) revert FeeTooHigh(transferFeeBps_);
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        transferFeeBps = transferFeeBps_;
        requireAllowanceReset = requireAllowanceReset_;
        noReturnValue = noReturnValue_;
        minter = minter_;
        hasPermit = hasPermit_;
    }

    /// @notice EIP-712 domain separator of `permit` (name, version "1", chain, this token).
    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        if (!hasPermit) revert NoPermit();
        return keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256("1"), block.chainid, address(this))
        );
    }

    /// @notice The EIP-2612 version of the domain.
    function version() external view returns (string memory) {
        if (!hasPermit) revert NoPermit();
        return "1";
    }

    /// @notice The next EIP-2612 permit nonce of `owner`.
    function nonces(address owner) external view returns (uint256) {
        if (!hasPermit) revert NoPermit();
        return permitNonces[owner];
    }

    /// @notice EIP-2612: sets `spender`'s allowance over `owner`'s tokens to `value` with `owner`'s signature,
    /// before `deadline`; each signature works once (the owner's nonce advances).
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
    {
        if (block.timestamp > deadline) revert PermitExpired(deadline);
        bytes32 digest = keccak256(
            abi.encodePacked(
                "\x19\x01",
                DOMAIN_SEPARATOR(),
                keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, permitNonces[owner]++, deadline))
            )
        );
        address signer = ecrecover(digest, v, r, s);
        if (signer == address(0) || signer != owner) revert InvalidPermitSigner(signer, owner);
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
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
