"""arxcrypt: LEA, CHAM, HIGHT, SPECK, SIMON, SIMECK and SPARX with ECB, CBC,
CFB, OFB, CTR, GCM, CCM, CMAC and XTS, from the C library libarxcrypt, in
pyca/cryptography's shapes.

    >>> import arxcrypt
    >>> from arxcrypt.aead import LEAGCM
    >>> key = LEAGCM.generate_key(128)
    >>> box = LEAGCM(key)
    >>> ct = box.encrypt(b"\\x00" * 12, b"hello", b"header")
    >>> box.decrypt(b"\\x00" * 12, ct, b"header")
    b'hello'

arxcrypt.files encrypts and decrypts files in the format of `arxcrypt encrypt`.
Names are the C library's: arxcrypt.ciphers() lists them, arxcrypt.backends(name)
says which implementations this CPU runs.
"""
from ._arxcrypt import (
    AlreadyFinalized,
    AlreadyUpdated,
    InvalidSignature,
    InvalidTag,
    NotYetFinalized,
    UnsupportedAlgorithm,
    XTS,
    backends,
    cipher_info,
    ciphers,
    cpu_features,
    library_version,
)
from . import aead, cmac, files, modes
from ._cipher import Cipher

__version__ = "0.1.0"

__all__ = [
    "AlreadyFinalized",
    "AlreadyUpdated",
    "Cipher",
    "InvalidSignature",
    "InvalidTag",
    "NotYetFinalized",
    "UnsupportedAlgorithm",
    "XTS",
    "aead",
    "backends",
    "cipher_info",
    "ciphers",
    "cmac",
    "cpu_features",
    "files",
    "library_version",
    "modes",
]
