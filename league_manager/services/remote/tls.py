"""TLS for remote play: the server's certificate and key, and what a client trusts (``wss://``)."""

from __future__ import annotations

import ssl
from pathlib import Path

from league_manager.core.errors import LeagueError


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A TLS server context from a certificate (chain) file and its private key file (PEM).

    Raises:
        LeagueError: a file is missing or not a certificate/key pair.
    """
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(str(cert), str(key))
    except (OSError, ssl.SSLError) as exc:
        raise LeagueError(f"cannot use the certificate {cert} with the key {key}: {exc}") from exc
    return context


def client_context(ca: Path | None = None) -> ssl.SSLContext:
    """What a client trusts: the system's certificate authorities, or only ``ca`` (a
    self-signed server's certificate, or its own authority's).

    Raises:
        LeagueError: the CA file is missing or holds no certificate.
    """
    try:
        return ssl.create_default_context(cafile=str(ca) if ca is not None else None)
    except (OSError, ssl.SSLError) as exc:
        raise LeagueError(f"cannot read the certificate authority {ca}: {exc}") from exc


def own_server_trust(cert: Path) -> ssl.SSLContext:
    """What the hosting app's own board trusts on loopback: exactly the certificate it serves.

    The host's board reaches its own server at 127.0.0.1, which the certificate need not name,
    so the host name is not checked; the server must still show this very certificate (it is
    the only trust anchor, accepted even when it is not self-signed).

    Raises:
        LeagueError: the certificate file is missing or holds no certificate.
    """
    context = client_context(cert)
    context.check_hostname = False
    context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN
    return context
