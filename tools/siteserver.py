"""A local static server for the built site, as GitHub Pages serves a project site.

`python3 build.py serve` plays the game with it, and the browser tests and benchmarks
serve dist/ with it under the subpath /royal-marriage/, so that every path in the site
is proven relative. Standard library only.
"""

from __future__ import annotations

import email.utils
import gzip
import http.server
import io
import os
import threading
from pathlib import Path
from typing import BinaryIO

# Where GitHub Pages serves this project site, and so where the tests and tools serve it.
SUBPATH = "/royal-marriage/"
# Types the runtime needs that Python's table lacks or gets wrong on some systems.
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".toml": "text/plain",
    ".zip": "application/zip",
}
# What GitHub Pages sends gzipped to a browser that accepts it: text, scripts, the sprite and the
# manifest. The runtime's WebAssembly and the game's zip go as they are: the pessimistic case.
COMPRESSED = frozenset(
    {
        "text/html",
        "text/css",
        "text/javascript",
        "text/plain",
        "image/svg+xml",
        "application/json",
        "application/manifest+json",
    }
)


class SiteServer(http.server.ThreadingHTTPServer):
    """Serves `root` under the URL path `prefix`, as GitHub Pages serves a project site.

    `root` may be swapped while running, to publish a new build at the same address.
    """

    daemon_threads = True

    def __init__(
        self, root: Path, prefix: str = "/", port: int = 0, quiet: bool = False, compress: bool = False
    ) -> None:
        """``compress`` sends text gzipped to a browser that accepts it, as GitHub Pages does: what a
        benchmark of the page on a slow network measures, and what ``build.py serve`` plays."""
        super().__init__(("127.0.0.1", port), SiteHandler)
        self.root = root
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.quiet = quiet
        self.compress = compress

    @property
    def url(self) -> str:
        """The site's address, ending in "/"."""
        return f"http://127.0.0.1:{self.server_address[1]}{self.prefix}"

    def start(self) -> SiteServer:
        """Serve from a background thread until `stop()`."""
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket, so that connections are refused, not left hanging."""
        self.shutdown()
        self.server_close()


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from the server's current root, with the MIME types the runtime needs."""

    server: SiteServer
    # The base class declares this per instance; one shared table is what it needs here.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012

    def translate_path(self, path: str) -> str:
        """Map a URL under the prefix to a file of the current root."""
        self.directory = str(self.server.root)
        return super().translate_path("/" + path.removeprefix(self.server.prefix))

    def send_head(self) -> BinaryIO | None:
        """404 outside the prefix; redirect the bare prefix to its directory, as Pages does."""
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        if url_path + "/" == self.server.prefix:
            self.send_response(301)
            self.send_header("Location", self.server.prefix)
            self.end_headers()
            return None
        if not url_path.startswith(self.server.prefix):
            self.send_error(404)
            return None
        return self.gzipped() or super().send_head()

    def gzipped(self) -> BinaryIO | None:
        """The file asked for, gzipped, with its headers sent, when the server compresses, the
        browser accepts gzip and the file's type is one Pages compresses; else None."""
        if not self.server.compress or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return None
        path = Path(self.translate_path(self.path))
        if path.is_dir():  # its index, as the base class serves it (a folder without "/" is redirected)
            if not self.path.split("?", 1)[0].endswith("/"):
                return None
            path = path / "index.html"
        kind = self.guess_type(str(path))
        if kind not in COMPRESSED or not path.is_file():
            return None
        body = gzip.compress(path.read_bytes(), mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", email.utils.formatdate(os.path.getmtime(path), usegmt=True))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)


def serve(root: Path, port: int) -> None:
    """Serve `root` at the domain root until interrupted."""
    server = SiteServer(root, port=port, compress=True)
    print(f"Serving Royal Marriage at {server.url} (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
