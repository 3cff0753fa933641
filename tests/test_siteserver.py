"""tools/siteserver.py: the site under a subpath, with the MIME types the runtime needs."""

from __future__ import annotations

import gzip
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.siteserver import SiteServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[SiteServer]:
    (tmp_path / "index.html").write_text("<p>home</p>")
    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    (tmp_path / "a.mjs").write_text("export {}")
    (tmp_path / "m.webmanifest").write_text("{}")
    running = SiteServer(tmp_path, "/royal-marriage/", quiet=True).start()
    yield running
    running.stop()


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.headers["Content-Type"]
    except urllib.error.HTTPError as error:
        return error.code, ""


@pytest.mark.parametrize(
    ("path", "status", "mime"),
    [
        ("", 200, "text/html"),
        ("?deal=5", 200, "text/html"),
        ("a.wasm", 200, "application/wasm"),
        ("a.mjs", 200, "text/javascript"),
        ("m.webmanifest", 200, "application/manifest+json"),
        ("missing.js", 404, ""),
    ],
)
def test_server_serves_under_its_subpath_with_runtime_mime_types(
    server: SiteServer, path: str, status: int, mime: str
) -> None:
    assert fetch(server.url + path) == (status, mime)


def test_server_redirects_the_bare_subpath_and_hides_everything_else(server: SiteServer) -> None:
    assert fetch(server.url.rstrip("/")) == (200, "text/html")  # followed the redirect
    assert fetch(server.url.replace("/royal-marriage/", "/index.html"))[0] == 404


def test_a_compressing_server_gzips_text_as_pages_does_and_nothing_else(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>home</p>" * 100)
    (tmp_path / "a.wasm").write_bytes(b"\0asm" * 100)
    running = SiteServer(tmp_path, "/royal-marriage/", quiet=True, compress=True).start()
    try:

        def get(path: str, encoding: str) -> tuple[str | None, bytes]:
            request = urllib.request.Request(running.url + path, headers={"Accept-Encoding": encoding})
            with urllib.request.urlopen(request) as response:
                return response.headers["Content-Encoding"], response.read()

        encoding, body = get("?deal=5", "gzip, br")
        assert encoding == "gzip" and gzip.decompress(body) == b"<p>home</p>" * 100
        assert get("", "identity") == (None, b"<p>home</p>" * 100)
        assert get("a.wasm", "gzip") == (None, b"\0asm" * 100)
    finally:
        running.stop()
