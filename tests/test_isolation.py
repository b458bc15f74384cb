"""The suite's own isolation (tests/conftest.py): no test reads or writes the real home
directory or a real default database, and none reaches the network."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from referee import paths


def test_home_and_every_default_folder_are_the_suites_scratch_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_CACHE", raising=False)  # set to a tmp folder once the model is loaded
    home = Path.home()
    assert home.name.startswith("referee-test-home-")
    for folder in (paths.data_dir(), paths.config_dir(), paths.cache_dir(), paths.default_db_path()):
        assert folder.is_relative_to(home), folder


def test_a_connection_to_another_machine_is_refused() -> None:
    with socket.socket() as remote, pytest.raises(ConnectionRefusedError, match="never use the network"):
        remote.settimeout(1)  # without the guard: a timeout, not a hang
        remote.connect(("192.0.2.1", 80))  # TEST-NET-1: never routed


def test_a_connection_to_this_machine_goes_through() -> None:
    with socket.socket() as server, socket.socket() as client:
        server.bind(("127.0.0.1", 0))
        server.listen()
        client.connect(server.getsockname())
