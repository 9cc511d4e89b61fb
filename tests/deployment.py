"""The production deployment of docs/operations.md, run for real on this machine.

nginx runs the documented ``server`` block (read from docs/operations.md, with only the
machine-specific parts replaced: the listening port, a throwaway certificate, the
socket and static folders) in front of daphne processes started with the documented
``ExecStart`` command line (on unix sockets) and the documented environment file
(production settings: ``DJANGO_DEBUG=0``), over a Redis of its own and the test
database. So a test through :class:`Deployment` tests what the docs tell the club to
run: change the docs and the tests follow.

Needs ``nginx``, ``redis-server`` and ``openssl`` (.ci/run installs them).
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from http.client import HTTPConnection, HTTPSConnection
from pathlib import Path

from tests.live_server import ROOT, database_url_for_tests, free_port
from tools.hosts import Network

DOCS = ROOT / "docs" / "operations.md"
STATIC_DOCUMENTED = "/srv/club500/staticfiles"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
REDIS_SERVER = shutil.which("redis-server")
OPENSSL = shutil.which("openssl")
# How long routes() waits for nginx to log the requests a test asks about.
ROUTE_WAIT = 15.0
MISSING = [
    name
    for name, path in (("nginx", NGINX), ("redis-server", REDIS_SERVER), ("openssl", OPENSSL))
    if not path
]


def _block(text: str, language: str, first_line: str = "") -> str:
    for match in re.finditer(rf"```{language}\n(.*?)```", text, re.S):
        if match.group(1).startswith(first_line):
            return match.group(1)
    raise AssertionError(
        f"docs/operations.md has no ```{language} block starting with {first_line!r}"
    )


def documented() -> dict:
    """The parts of docs/operations.md that the deployment runs."""
    text = DOCS.read_text(encoding="utf-8")
    unit = _block(text, "ini")
    exec_start = re.search(r"^ExecStart=(.*)$", unit, re.M)
    assert exec_start, "the systemd unit in docs/operations.md has no ExecStart"
    env_text = ""
    with contextlib.suppress(AssertionError):
        env_text = _block(text, "sh", "# /etc/club500.env")
    env = {}
    for line in env_text.splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            name, value = line.split("=", 1)
            env[name.strip()] = value.strip()
    over_tcp = re.search(r"`ExecStart=([^`]*-e tcp:[^`]*)`", text)
    assert over_tcp, "docs/operations.md describes no ExecStart over TCP (several machines)"
    return {
        "exec_start": exec_start.group(1),
        "exec_start_tcp": over_tcp.group(1),
        "nginx": _block(text, "nginx"),
        "env": env,
    }


def _replace(text: str, old: str, new: str) -> str:
    assert old in text, f"docs/operations.md's nginx block no longer has {old!r}"
    return text.replace(old, new)


class RedisServer:
    """A redis-server of the deployment's own, which a test may stop and start again."""

    def __init__(self, folder: Path, also_on: str | None = None):
        self.port = free_port()
        self.folder = folder
        self.also_on = also_on  # a private network's gateway (``tools.hosts``)
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://{self.also_on or '127.0.0.1'}:{self.port}/0"

    def start(self) -> "RedisServer":
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1" if self.also_on is None else f"127.0.0.1 {self.also_on}",
                # without a password, protected mode answers loopback clients only
                "--protected-mode",
                "yes" if self.also_on is None else "no",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for(lambda: _connects(("127.0.0.1", self.port)), "redis-server", self.process)
        return self

    def stop(self) -> None:
        _terminate(self.process)
        self.process = None

    def flush(self) -> None:
        with socket.create_connection(("127.0.0.1", self.port), 5) as sock:
            sock.sendall(b"FLUSHALL\r\n")
            assert sock.recv(100).startswith(b"+OK")


@dataclass
class Deployment:
    """nginx + ``processes`` daphne processes + Redis, as docs/operations.md runs them.

    With ``hosts`` (``tools.hosts.private_network``), each daphne process runs on a
    host of its own, as the docs' deployment over several machines: in its own network
    namespace, listening on TCP at its address (the docs' ``ExecStart`` over TCP),
    reaching PostgreSQL and Redis by TCP at the network's gateway (this machine, where
    nginx runs too and trusts its upstreams)."""

    processes: int = 2
    env: dict = field(default_factory=dict)
    hosts: Network | None = None
    folder: Path | None = None
    port: int = 0
    redis: RedisServer | None = None
    daphnes: list = field(default_factory=list)
    nginx: subprocess.Popen | None = None
    static_root: Path | None = None

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"wss://127.0.0.1:{self.port}"

    def start(self, static_root: Path) -> "Deployment":
        self.folder = Path(tempfile.mkdtemp(prefix="club500-deploy-"))
        self.static_root = static_root
        self.port = free_port()
        (self.folder / "run").mkdir()
        self.redis = RedisServer(self.folder, self.hosts and self.hosts.gateway).start()
        docs = documented()
        self._start_daphnes(docs)
        self._start_nginx(docs, static_root)
        return self

    # ----------------------------------------------------------------- processes
    def server_env(self) -> dict:
        env = {
            **os.environ,
            **documented()["env"],
            "DJANGO_SETTINGS_MODULE": "club.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "deployment-test-secret-key-" + "x" * 40,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_CSRF_TRUSTED_ORIGINS": self.url,
            "DATABASE_URL": database_url_for_tests(),
            "REDIS_URL": self.redis.url,
            "PYTHONUNBUFFERED": "1",
            **self.env,
        }
        # The documented static folder, as this machine has it (nginx serves the same).
        env["DJANGO_STATIC_ROOT"] = _replace(
            env["DJANGO_STATIC_ROOT"], STATIC_DOCUMENTED, str(self.static_root)
        )
        for name in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SERVE_STATIC"):
            env.pop(name, None)
        if self.hosts is not None:  # PostgreSQL on its host: this machine, by TCP
            url = urllib.parse.urlsplit(env["DATABASE_URL"])
            assert url.hostname in ("127.0.0.1", "localhost"), env["DATABASE_URL"]
            netloc = url.netloc.replace(url.hostname, self.hosts.gateway, 1)
            env["DATABASE_URL"] = urllib.parse.urlunsplit(url._replace(netloc=netloc))
            env["DJANGO_TRUSTED_PROXIES"] = self.hosts.gateway  # nginx, as the docs say
        return env

    def address(self, number: int) -> tuple[str, int]:
        """Where daphne process ``number`` listens, with ``hosts``: (address, port)."""
        argv = self._daphne_argv(documented()["exec_start_tcp"], number)
        port = re.search(r"tcp:port=(\d+)", " ".join(argv))
        return self.hosts.hosts[number - 1].address, int(port.group(1))

    def _daphne_argv(self, exec_start: str, number: int) -> list[str]:
        argv = shlex.split(exec_start.replace("%i", str(number)))
        assert argv[0].endswith("/daphne"), f"ExecStart does not run daphne: {exec_start}"
        argv = [
            sys.executable,
            "-m",
            "daphne",
            *[a.replace("/run/club500/", f"{self.folder}/run/") for a in argv[1:]],
        ]
        if self.hosts is not None:  # the docs' example address: this host's
            host = self.hosts.hosts[number - 1]
            argv = host.argv(
                [re.sub(r"interface=[0-9.]+", f"interface={host.address}", a) for a in argv]
            )
        return argv

    def _start_daphnes(self, docs: dict) -> None:
        self.daphnes = [self._spawn_daphne(docs, number) for number in range(1, self.processes + 1)]
        for number in range(1, self.processes + 1):
            self._wait_for_daphne(number)

    def _spawn_daphne(self, docs: dict, number: int) -> subprocess.Popen:
        exec_start = docs["exec_start" if self.hosts is None else "exec_start_tcp"]
        argv = self._daphne_argv(exec_start, number)
        log = open(self.folder / f"daphne-{number}.log", "ab")
        return subprocess.Popen(
            argv, cwd=ROOT, env=self.server_env(), stdout=log, stderr=subprocess.STDOUT
        )

    def _wait_for_daphne(self, number: int) -> None:
        where = (
            str(self.folder / "run" / f"daphne-{number}.sock")
            if self.hosts is None
            else self.address(number)
        )
        _wait_for(
            lambda: _connects(where),
            f"daphne {number}",
            self.daphnes[number - 1],
            log=self.folder / f"daphne-{number}.log",
        )

    def start_again(self, number: int) -> None:
        """Start daphne process ``number`` again after it died (killed by a test)."""
        assert self.daphnes[number - 1].poll() is not None, f"daphne {number} is running"
        self.daphnes[number - 1] = self._spawn_daphne(documented(), number)
        self._wait_for_daphne(number)

    def restart_daphnes(self) -> None:
        for process in self.daphnes:
            _terminate(process)
        self.daphnes = []
        for path in (self.folder / "run").glob("*.sock"):
            path.unlink()
        self._start_daphnes(documented())

    def _start_nginx(self, docs: dict, static_root: Path) -> None:
        cert, key = self.folder / "cert.pem", self.folder / "key.pem"
        subprocess.run(
            [
                OPENSSL,
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "2",
                "-subj",
                "/CN=127.0.0.1",
                "-keyout",
                str(key),
                "-out",
                str(cert),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        server = docs["nginx"]
        if self.hosts is not None:  # the docs' upstream over several machines
            server = re.sub(
                r"server unix:/run/club500/daphne-(\d+)\.sock;",
                lambda m: "server {}:{};".format(*self.address(int(m.group(1)))),
                server,
            )
        else:
            server = _replace(server, "/run/club500/", f"{self.folder}/run/")
        server = _replace(server, STATIC_DOCUMENTED + "/", f"{static_root}/")
        server = re.sub(
            r"listen 443 ssl( http2)?;",
            f"listen 127.0.0.1:{self.port} ssl\\1; ssl_certificate {cert}; "
            f"ssl_certificate_key {key};",
            server,
        )
        assert f"127.0.0.1:{self.port}" in server, "the nginx block has no `listen 443 ssl`"
        tmp = self.folder / "nginx"
        tmp.mkdir()
        # The http{} context of Debian's /etc/nginx/nginx.conf, which the documented
        # server block is included into.
        config = f"""
user root;
worker_processes 2;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format routed '$uri $upstream_addr';
    access_log {tmp}/access.log routed;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    {server}
}}
"""
        (tmp / "nginx.conf").write_text(config)
        self.nginx = subprocess.Popen(
            [NGINX, "-c", str(tmp / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=open(tmp / "stderr", "ab"),
        )
        _wait_for(
            lambda: _connects(("127.0.0.1", self.port)), "nginx", self.nginx, log=tmp / "stderr"
        )

    def stop(self) -> None:
        _terminate(self.nginx)
        for process in self.daphnes:
            _terminate(process)
        if self.redis is not None:
            self.redis.stop()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)

    def routes(self, *, path: str | None = None, at_least: int = 0) -> list[tuple[str, str]]:
        """(path, the daphne socket nginx passed it to) of every request so far (of
        ``path`` only, if given), once nginx has logged ``at_least`` of them: nginx
        writes a request's line after its answer has gone out (a socket's once it is
        closed), so a client that has its answer may read the log before the line is
        there. Waits up to ``ROUTE_WAIT`` seconds for the lines, then returns what
        there is."""
        deadline = time.monotonic() + ROUTE_WAIT
        while True:
            text = (self.folder / "nginx" / "access.log").read_text()
            lines = [tuple(line.split(" ", 1)) for line in text.splitlines() if " " in line]
            if path is not None:
                lines = [line for line in lines if line[0] == path]
            if len(lines) >= at_least or time.monotonic() > deadline:
                return lines
            time.sleep(0.02)

    def logs(self) -> str:
        paths = [*sorted(self.folder.glob("daphne-*.log")), self.folder / "nginx" / "error.log"]
        return "\n".join(
            f"--- {path.name}\n" + path.read_text(errors="replace")[-3000:]
            for path in paths
            if path.exists()
        )

    def process_number(self, upstream: str) -> int:
        """The number of the daphne process behind an upstream of :meth:`routes`."""
        if self.hosts is not None:
            numbers = {"{}:{}".format(*self.address(n)): n for n in range(1, self.processes + 1)}
            assert upstream in numbers, f"not one of the deployment's daphnes: {upstream}"
            return numbers[upstream]
        match = re.fullmatch(
            rf"unix:{re.escape(str(self.folder))}/run/daphne-(\d+)\.sock", upstream
        )
        assert match, f"not one of the deployment's daphne sockets: {upstream}"
        return int(match.group(1))

    # ----------------------------------------------------------------- clients
    def client(self, **headers) -> "Browser":
        return Browser(self, dict(headers))

    def process_client(self, number: int, like: "Browser | None" = None) -> "Browser":
        """A client of daphne process ``number`` alone, for a test that needs a request
        answered by a given process (nginx sends a table's sockets to one process, by the
        table's number, and every other request to either). It speaks HTTP on the
        process's unix socket with the headers nginx sets (``Host``, ``X-Forwarded-For``,
        ``X-Forwarded-Proto: https``; the daphnes trust them from a unix peer), so the
        site sees what a request through nginx shows it. ``like``: a client whose headers
        and cookies (its session) this one shares, the very same cookie jar."""
        browser = Browser(self, dict(like.headers) if like is not None else {}, process=number)
        if like is not None:
            browser.cookies = like.cookies
        return browser


class _UnixHTTPConnection(HTTPConnection):
    """Plain HTTP on a unix socket (nginx's way to a daphne process)."""

    def __init__(self, socket_path: Path, timeout: float):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(str(self.socket_path))


class Browser:
    """A minimal HTTPS client through nginx: keeps cookies, sends the CSRF token and
    the Origin a browser sends, follows no redirect. With ``process`` (a daphne
    process's number: :meth:`Deployment.process_client`), it skips nginx and sends its
    requests to that process as nginx would."""

    def __init__(self, deployment: Deployment, headers: dict, process: int | None = None):
        self.deployment = deployment
        self.headers = headers
        self.process = process
        self.cookies: dict[str, str] = {}

    def _connection(self) -> tuple[HTTPConnection, dict]:
        """The connection for one request, and the headers the hop to daphne adds."""
        if self.process is None:
            context = ssl._create_unverified_context()
            conn = HTTPSConnection("127.0.0.1", self.deployment.port, context=context, timeout=60)
            return conn, {"Host": f"127.0.0.1:{self.deployment.port}"}
        # docs/operations.md's proxy_set_header lines: $host (no port), $remote_addr
        # (this machine), $scheme.
        headers = {
            "Host": "127.0.0.1",
            "X-Forwarded-For": "127.0.0.1",
            "X-Forwarded-Proto": "https",
        }
        if self.deployment.hosts is not None:
            address, port = self.deployment.address(self.process)
            return HTTPConnection(address, port, timeout=60), headers
        path = self.deployment.folder / "run" / f"daphne-{self.process}.sock"
        return _UnixHTTPConnection(path, timeout=60), headers

    def request(
        self, method: str, path: str, data: dict | None = None, headers: dict | None = None
    ) -> "Response":
        conn, hop_headers = self._connection()
        all_headers = {**hop_headers, **self.headers, **(headers or {})}
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data).encode()
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
            all_headers["Origin"] = self.deployment.url
            all_headers["Referer"] = self.deployment.url + path
            if "csrftoken" in self.cookies:
                all_headers["X-CSRFToken"] = self.cookies["csrftoken"]
        try:
            conn.request(method, path, body=body, headers=all_headers)
            raw = conn.getresponse()
            response = Response(
                raw.status, dict(raw.getheaders()), raw.read().decode("utf-8", "replace")
            )
            for name, value in raw.getheaders():
                if name.lower() == "set-cookie":
                    cookie_name, _, rest = value.partition("=")
                    self.cookies[cookie_name.strip()] = rest.split(";", 1)[0]
        finally:
            conn.close()
        return response

    def get(self, path: str, **kwargs) -> "Response":
        return self.request("GET", path, **kwargs)

    def post(self, path: str, data: dict, **kwargs) -> "Response":
        if "csrftoken" not in self.cookies:
            self.get(path)
        return self.request("POST", path, data=data, **kwargs)


@dataclass
class Response:
    status: int
    headers: dict
    text: str


def collect_static(folder: Path) -> Path:
    """``collectstatic`` into ``folder`` as production runs it (content-hashed names and
    their manifest, club/storage.py); the documented nginx serves /static/ from it."""
    env = {
        **os.environ,
        "DJANGO_STATIC_ROOT": str(folder),
        "DJANGO_DEBUG": "1",
        "DJANGO_STATIC_HASHED": "1",
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return folder


def _connects(address) -> bool:
    family = socket.AF_UNIX if isinstance(address, str) else socket.AF_INET
    with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        sock.connect(address)
        return True
    return False


def _wait_for(
    ready, what: str, process: subprocess.Popen, *, log: Path | None = None, timeout: float = 120
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            detail = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
            raise RuntimeError(f"{what} exited early:\n{detail}")
        if ready():
            return
        time.sleep(0.1)
    _terminate(process)
    raise RuntimeError(f"{what} did not start in {timeout}s")


def _terminate(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)
