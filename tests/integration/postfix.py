"""A real Postfix on the loopback address, in a folder of its own, set up from deploy/postfix/.

`start_postfix` starts from Debian 12's main.cf for an "Internet Site" (debian-main.cf), changes
with `postconf -e` the few settings that only a test needs (its own queue and data folders, its
port, a relay host standing for the internet, queue timings of a second, no TLS certificate),
then runs deploy/postfix/configure on it as the guide does (relay or pipe), sends postmaster@
and abuse@ to an address of the "internet" instead of root, and points the relay at the test's
listener; master.cf holds Postfix's usual services (none in a chroot) with
deploy/postfix/master-pipe.cf's lines. Every postconf must print no warning. Then `postfix -c
FOLDER start`. Postfix must run as root; the pipe and the policy service run as `nobody`
(Postfix runs no command as root). Under CI=true a missing Postfix fails the tests instead of
skipping them.
"""
from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, free_port, wait_for

DEPLOY = ROOT / "deploy" / "postfix"
POSTFIX = "/usr/sbin/postfix"
COMMAND_USER = "nobody"
"""The pipe's and the policy service's user (deploy/postfix says pbem)."""
SERVICES = """\
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
tlsmgr    unix  -       -       n       1000?   1       tlsmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
proxywrite unix -       -       n       -       1       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
"""


def require_postfix() -> None:
    """Skip (or, under CI, fail) when Postfix is not installed or the tests are not root."""
    problem = ("Postfix is not installed (./scripts/setup installs it)"
               if not Path(POSTFIX).exists() else
               "Postfix runs only as root" if os.geteuid() != 0 else "")
    if problem:
        if os.environ.get("CI") == "true":
            pytest.fail(problem + " (CI=true: the Postfix tests must run)")
        pytest.skip(problem)


def shared_folder(prefix: str) -> Path:
    """Return a new folder under /tmp that the command user may enter (and one it owns)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    folder.chmod(0o755)
    return folder


def give_to_command_user(path: Path) -> None:
    """Make `path` belong to the user Postfix runs commands as."""
    user = pwd.getpwnam(COMMAND_USER)
    os.chown(path, user.pw_uid, user.pw_gid)


@dataclass
class Postfix:
    """A running Postfix: its folder, its SMTP port, and what it can be asked."""

    root: Path
    port: int

    @property
    def config(self) -> Path:
        """The configuration folder (main.cf, master.cf)."""
        return self.root / "etc"

    def command(self, *argv: str) -> str:
        """Run a Postfix command on this instance and return what it printed."""
        done = subprocess.run([*argv[:1], "-c", str(self.config), *argv[1:]],
                              capture_output=True, text=True, timeout=30, check=False)
        assert done.returncode == 0, f"{argv}: {done.stderr}\n{self.log()}"
        return done.stdout

    def flush(self) -> None:
        """Try every deferred message again now."""
        self.command("postqueue", "-f")

    def queue(self) -> list[dict[str, Any]]:
        """Return the messages in the queue (postqueue -j: one JSON object each)."""
        return [json.loads(line) for line in self.command("postqueue", "-j").splitlines()]

    def log(self) -> str:
        """Return Postfix's log so far."""
        path = self.root / "maillog"
        return path.read_text(errors="replace") if path.exists() else "(no log)"

    def wait_log(self, text: str, timeout: float = 30.0) -> str:
        """Wait until the log holds `text`; return the log."""
        return str(wait_for(lambda: text in self.log() and self.log(), timeout,
                            what=f"{text!r} in the Postfix log"))

    def stop(self) -> None:
        """Stop Postfix and remove its folders."""
        subprocess.run([POSTFIX, "-c", str(self.config), "stop"], capture_output=True,
                       timeout=30, check=False)
        shutil.rmtree(self.root, ignore_errors=True)


def deploy_text(name: str, domain: str, replace: dict[str, str]) -> str:
    """Return a file of deploy/postfix/ with the example domain and the given parts replaced."""
    text = (DEPLOY / name).read_text().replace("pbem.example.org", domain)
    for old, new in replace.items():
        assert old in text, f"{name} no longer holds {old!r}"
        text = text.replace(old, new)
    return text


def command_user_python(folder: Path) -> Path:
    """Return a Python that the command user may run, with pbem and its packages.

    That is this one, unless it lies in a folder closed to other users (a Python installed
    under /root): then a virtualenv of Debian's python3 in `folder` that reads this one's
    packages. Debian's 3.11 is older than 3.11.3, for which the redis client needs
    `async_timeout`, which the standard library has as `asyncio.timeout`.
    """
    here = Path(os.path.realpath(sys.executable))
    if all(parent.stat().st_mode & 0o001 for parent in here.parents):
        return Path(sys.executable)
    venv = folder / "python"
    subprocess.run(["/usr/bin/python3", "-m", "venv", "--without-pip", str(venv)], check=True,
                   capture_output=True, timeout=60)
    site = next((venv / "lib").glob("python3*/site-packages"))
    packages = sysconfig.get_paths()["purelib"]
    (site / "pbem-packages.pth").write_text(f"import site; site.addsitedir({packages!r})\n")
    (site / "async_timeout.py").write_text("from asyncio import timeout as timeout\n")
    pbem = venv / "bin" / "pbem"
    pbem.write_text(f"#!{venv / 'bin' / 'python'}\nimport sys\n"
                    "from service.cli.main import main\nsys.exit(main())\n")
    for path in [venv, *venv.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o005 if path.is_dir() or path == pbem else
                   path.stat().st_mode | 0o004)
    return venv / "bin" / "python"


OPERATOR = "operator@club.test"
"""Where the test's postmaster@ and abuse@ go: an address of the "internet" (deploy/postfix
sends them to root, whom Debian's /etc/aliases names)."""


def operator_lines(domain: str) -> list[str]:
    """Return main.cf's virtual_alias_maps with the operator's address for root."""
    text = deploy_text("main.cf", domain, {})
    [line] = [line for line in text.splitlines() if line.startswith("virtual_alias_maps")]
    assert "=root" in line
    return [line.replace("=root", f"={OPERATOR}")]


def postconf(config: Path, *argv: str) -> str:
    """Run postconf on the configuration folder; fail on any warning; return its output."""
    done = subprocess.run(["postconf", "-c", str(config), *argv], capture_output=True,
                          text=True, timeout=30, check=False)
    assert done.returncode == 0 and done.stderr == "", f"postconf {argv}: {done.stderr}"
    return done.stdout


def start_postfix(domain: str, *, pbem_port: int, internet_port: int, pipe: bool = False,
                  env_file: Path | None = None, python: Path | None = None) -> Postfix:
    """Start a Postfix that relays the game domain's mail to pbem on `pbem_port` (or, with
    `pipe`, hands it to pbem-ingest with the settings of `env_file`, its policy service run by
    `python`) and all other mail to `internet_port`."""
    require_postfix()
    root, port = shared_folder("pbem-postfix-"), free_port()
    config = root / "etc"
    config.mkdir()
    (root / "queue").mkdir(mode=0o755)
    (root / "data").mkdir(mode=0o700)
    shutil.chown(root / "data", "postfix")
    # What only a test changes in Debian's settings: its own folders, port and "internet",
    # its queue timings, no TLS certificate and no aliases file of this machine's.
    test_lines = [
        f"queue_directory = {root / 'queue'}",
        f"data_directory = {root / 'data'}",
        f"maillog_file = {root / 'maillog'}",
        f"maillog_file_prefixes = {root}",
        "myorigin = $myhostname",
        "inet_interfaces = 127.0.0.1",
        "inet_protocols = ipv4",
        "alias_maps =",
        "alias_database =",
        "smtpd_tls_cert_file =",
        "smtpd_tls_key_file =",
        "smtpd_tls_security_level = none",
        f"relayhost = [127.0.0.1]:{internet_port}",
        "smtp_dns_support_level = disabled",
        "queue_run_delay = 1s",
        "minimal_backoff_time = 1s",
        "maximal_backoff_time = 2s",
        "address_verify_poll_delay = 1s",
        "export_environment = TZ LANG" + (f" PBEM_ENV_FILE={env_file}" if env_file else ""),
    ]
    master = [f"127.0.0.1:{port} inet n - n - - smtpd", SERVICES]
    if pipe:
        master.append(deploy_text("master-pipe.cf", domain, {
            "/opt/pbem/.venv/bin/python": str(python or sys.executable),
            "/opt/pbem/deploy/postfix": str(DEPLOY),
            "user=pbem": f"user={COMMAND_USER}"}))
    (config / "master.cf").write_text("\n".join(master) + "\n")
    shutil.copy(Path(__file__).with_name("debian-main.cf"), config / "main.cf")
    for line in test_lines:
        postconf(config, "-e", line)
    configure = subprocess.run([str(DEPLOY / "configure"), "-c", str(config),
                                "pipe" if pipe else "relay", domain], capture_output=True,
                               text=True, timeout=60, check=False)
    assert configure.returncode == 0 and configure.stderr == "", configure.stderr
    for line in operator_lines(domain):
        postconf(config, "-e", line)
    if not pipe:
        postconf(config, "-e", f"transport_maps = inline:{{ {domain}=smtp:[127.0.0.1]:{pbem_port} }}")
    postfix = Postfix(root, port)
    started = subprocess.run([POSTFIX, "-c", str(config), "start"], capture_output=True,
                             text=True, timeout=60, check=False)
    if started.returncode != 0:
        log = postfix.log()
        postfix.stop()
        pytest.fail(f"Postfix did not start: {started.stderr}\n{log}")
    return postfix
