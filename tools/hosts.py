"""Hosts of their own on one machine: Linux network namespaces on a private bridge.

``private_network(n)`` makes ``n`` "hosts": network namespaces, each with its own
loopback and its own address on a private /24, joined by a bridge whose address in the
machine's own namespace is the gateway (where PostgreSQL, Redis and nginx listen, as
on hosts of their own). A process started with ``Host.argv`` sees only its host's
interfaces: it reaches the others, and the gateway, by TCP over the bridge, as
machines on one switch do (through the kernel's whole network stack, with no latency
added). Unix sockets and files are still shared: the namespaces separate the network
only.

Needs root (``CAP_NET_ADMIN``) and iproute2's ``ip``; ``unavailable()`` says why not.
Used by ``bench/tables_bench.py --hosts netns`` and the deployment tests.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field

IP = shutil.which("ip") or "/usr/sbin/ip"
#: The private networks tried, one /24 each (the first not on the machine is used),
#: within ``tools.testenv.PRIVATE_NETWORKS`` (which its throwaway PostgreSQL trusts).
SUBNETS = [f"10.251.{n}.0/24" for n in range(1, 255)]


@dataclass
class Host:
    """One network namespace: its name and its address on the bridge."""

    name: str
    address: str

    def argv(self, argv: list[str]) -> list[str]:
        """``argv`` run on this host (in its namespace)."""
        return [IP, "netns", "exec", self.name, *argv]


@dataclass
class Network:
    """The bridge's address in the machine's own namespace, the subnet, the hosts."""

    gateway: str
    subnet: str
    hosts: list[Host] = field(default_factory=list)


def _ip(*args: str) -> None:
    subprocess.run([IP, *args], check=True, capture_output=True, text=True)


def unavailable() -> str | None:
    """Why namespaces cannot be made here (None: they can)."""
    if not os.path.exists(IP):
        return "iproute2's ip is not installed"
    if os.geteuid() != 0:
        return "network namespaces need root"
    name = f"c5probe{os.getpid() % 100000}"
    try:
        _ip("netns", "add", name)
    except subprocess.CalledProcessError as error:
        return f"ip netns add failed: {error.stderr.strip()}"
    _ip("netns", "del", name)
    return None


def _free_subnet() -> ipaddress.IPv4Network:
    used = subprocess.run([IP, "-4", "-o", "addr"], capture_output=True, text=True).stdout
    for text in SUBNETS:
        subnet = ipaddress.IPv4Network(text)
        if f" {subnet.network_address + 1}/" not in used:
            return subnet
    raise RuntimeError("no free private subnet for the namespaces")


@contextlib.contextmanager
def private_network(n: int) -> Iterator[Network]:
    """``n`` hosts on a bridge of their own, removed afterwards (names carry this
    process's number, so that two runs at once do not meet)."""
    tag = str(os.getpid() % 100000)
    subnet = _free_subnet()
    gateway = str(subnet.network_address + 1)
    bridge = f"c5b{tag}"
    network = Network(gateway=gateway, subnet=str(subnet))
    made: list[str] = []
    try:
        _ip("link", "add", bridge, "type", "bridge")
        _ip("addr", "add", f"{gateway}/{subnet.prefixlen}", "dev", bridge)
        _ip("link", "set", bridge, "up")
        for i in range(1, n + 1):
            name, veth = f"c5n{tag}-{i}", f"c5v{tag}-{i}"
            address = str(subnet.network_address + 10 + i)
            _ip("netns", "add", name)
            made.append(name)
            _ip("link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", name)
            _ip("link", "set", veth, "master", bridge, "up")
            _ip("-n", name, "addr", "add", f"{address}/{subnet.prefixlen}", "dev", "eth0")
            _ip("-n", name, "link", "set", "eth0", "up")
            _ip("-n", name, "link", "set", "lo", "up")
            _ip("-n", name, "route", "add", "default", "via", gateway)
            network.hosts.append(Host(name=name, address=address))
        yield network
    finally:
        for name in made:  # its end of each veth pair goes with it
            with contextlib.suppress(subprocess.CalledProcessError):
                _ip("netns", "del", name)
        with contextlib.suppress(subprocess.CalledProcessError):
            _ip("link", "del", bridge)
