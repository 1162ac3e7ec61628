from __future__ import annotations

from typing import Optional

from . import modes as _modes
from ._arxcrypt import CipherContext, Key
from ._util import Buffer

__all__ = ["Cipher"]


class Cipher:
    """Cipher(name, key, mode, *, backend=None): pyca's Cipher(algorithm, mode)
    with the algorithm named as in the C library ('lea-128', 'speck-64-128'...).

        enc = Cipher("lea-128", key, modes.CTR(nonce)).encryptor()
        ct = enc.update(data) + enc.finalize()

    The key is expanded once, here; encryptor() and decryptor() make
    contexts that share it. The IV or nonce length and whether the cipher can
    run the mode (GCM needs 128-bit blocks) are checked here. backend names
    an implementation (arxcrypt.backends(name)); None picks the widest this
    CPU runs.
    """

    __slots__ = ("_key", "_mode")

    def __init__(self, name: str, key: Buffer, mode: _modes.Mode, *, backend: Optional[str] = None) -> None:
        if not isinstance(mode, _modes.Mode):
            raise TypeError("mode must be one of arxcrypt.modes (ECB, CBC, CFB, OFB, CTR, GCM), not %s"
                            % type(mode).__name__)
        self._key = Key(name, key, backend)
        self._key.check_mode(mode.name, mode._iv())
        self._mode = mode

    @property
    def name(self) -> str:
        return self._key.name

    @property
    def mode(self) -> _modes.Mode:
        return self._mode

    @property
    def backend(self) -> str:
        return self._key.backend

    @property
    def block_size(self) -> int:
        return self._key.block_size

    def _context(self, encrypt: bool) -> CipherContext:
        m = self._mode
        if isinstance(m, _modes.GCM):
            return CipherContext(self._key, "gcm", encrypt, m.initialization_vector, m.tag, m.min_tag_length)
        return CipherContext(self._key, m.name, encrypt, m._iv(), None, 16, getattr(m, "pad", False))

    def encryptor(self) -> CipherContext:
        """A context: update(data), update_into(data, buf), finalize(); GCM adds
        authenticate_additional_data(aad) and .tag after finalize."""
        return self._context(True)

    def decryptor(self) -> CipherContext:
        """A context: update, update_into, finalize (GCM: raises InvalidTag;
        finalize_with_tag(tag) when the mode was given none). GCM's update
        returns plaintext before the tag is checked: discard all of it unless
        finalize succeeds, or use aead.GCM(...).decrypt, which releases none."""
        return self._context(False)

    def __repr__(self) -> str:
        return "Cipher(%r, <key>, %r, backend=%r)" % (self.name, self._mode, self.backend)
