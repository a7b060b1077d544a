"""The systemd units of deploy/systemd/: each runs as the service user with the environment
file, hardened, restarted on failure and after the migration unit, and each command line names
a `pbem` command that exists with options it takes (or gunicorn with the kit's settings);
systemd's own checker accepts them where it is installed."""
from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from service.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"
SERVICES = sorted(UNITS.glob("*.service"))
UPGRADE, BACKUP = "pbem-upgrade.service", "pbem-backup.service"
ONESHOTS = (UPGRADE, BACKUP)
TIMERS = sorted(UNITS.glob("*.timer"))
VENV_BIN, SOURCE = "/opt/pbem/.venv/bin/", "/opt/pbem/"
EXEC_KEYS = ("ExecStartPre", "ExecStart", "ExecStartPost", "ExecReload", "ExecStop")
HARDENING = {"NoNewPrivileges": "yes", "ProtectSystem": "strict", "PrivateTmp": "yes",
             "ProtectHome": "yes", "PrivateDevices": "yes", "RestrictSUIDSGID": "yes",
             "CapabilityBoundingSet": "", "StateDirectory": "pbem", "StateDirectoryMode": "0700",
             "UMask": "0077"}

Unit = dict[str, dict[str, list[str]]]


def parse(path: Path) -> Unit:
    """Return a unit file's sections, each key with its values in order (keys may repeat)."""
    sections: Unit = {}
    section: dict[str, list[str]] | None = None
    for number, line in enumerate(path.read_text().splitlines(), 1):
        text = line.strip()
        if not text or text.startswith(("#", ";")):
            continue
        if text.startswith("[") and text.endswith("]"):
            section = sections.setdefault(text[1:-1], {})
            continue
        key, equals, value = text.partition("=")
        assert section is not None and equals, f"{path.name}:{number}: not key=value: {line!r}"
        assert not text.endswith("\\"), f"{path.name}:{number}: no continued lines, please"
        section.setdefault(key.strip(), []).append(value.strip())
    return sections


def one(unit: Unit, section: str, key: str) -> str:
    values = unit.get(section, {}).get(key, [])
    assert len(values) == 1, f"[{section}] {key}= should be set once, is {values}"
    return values[0]


def words(unit: Unit, section: str, key: str) -> list[str]:
    return [word for value in unit.get(section, {}).get(key, []) for word in value.split()]


def test_there_is_a_unit_for_every_process() -> None:
    assert {path.name for path in SERVICES} == {
        UPGRADE, BACKUP, "pbem-web.service", "pbem-worker.service", "pbem-beat.service",
        "pbem-smtpd.service", "pbem-worker-house.service"}
    assert [path.name for path in TIMERS] == ["pbem-backup.timer"]
    assert (UNITS / "pbem.target").exists()


@pytest.mark.parametrize("path", SERVICES, ids=lambda path: path.name)
def test_a_unit_runs_as_the_service_user_with_the_environment_file_hardened(path: Path) -> None:
    unit = parse(path)
    assert one(unit, "Service", "User") == "pbem"
    assert one(unit, "Service", "Group") == "pbem"
    assert one(unit, "Service", "EnvironmentFile") == "/etc/pbem/pbem.env"
    assert one(unit, "Service", "WorkingDirectory") == "/var/lib/pbem"
    for key, value in HARDENING.items():
        assert one(unit, "Service", key) == value, key
    assert "/var/lib/pbem" in words(unit, "Service", "ReadWritePaths")
    assert one(unit, "Service", "RuntimeDirectory") == "pbem-metrics"
    assert one(unit, "Unit", "PartOf") == "pbem.target"
    if path.name == BACKUP:  # started by its timer, never with the others
        assert "Install" not in unit
        assert "/var/backups/pbem" in words(unit, "Service", "ReadWritePaths")
        return
    assert one(unit, "Install", "WantedBy") == "pbem.target"


@pytest.mark.parametrize("path", SERVICES, ids=lambda path: path.name)
def test_a_unit_restarts_on_failure_and_starts_after_the_migration(path: Path) -> None:
    unit = parse(path)
    if path.name in ONESHOTS:
        assert one(unit, "Service", "Type") == "oneshot"
        assert "Restart" not in unit["Service"]
        assert "Requires" not in unit["Unit"]
        if path.name == UPGRADE:
            assert one(unit, "Service", "RemainAfterExit") == "yes"
        else:
            assert UPGRADE in words(unit, "Unit", "After")
        return
    assert one(unit, "Service", "Restart") in ("on-failure", "always")
    assert int(one(unit, "Service", "RestartSec")) >= 1
    assert UPGRADE in words(unit, "Unit", "Requires")
    assert UPGRADE in words(unit, "Unit", "After")


def command_lines(path: Path) -> list[list[str]]:
    unit = parse(path)
    return [shlex.split(value.lstrip("-@+!:")) for key in EXEC_KEYS
            for value in unit["Service"].get(key, [])]


def check_pbem_arguments(arguments: list[str]) -> list[str]:
    """Resolve `pbem ARGUMENTS` to its command and parse its options without running it;
    return the command's path of names."""
    command: click.Command = main
    names = ["pbem"]
    rest = list(arguments)
    while isinstance(command, click.Group) and rest:
        context = click.Context(command, info_name=names[-1])
        found = command.get_command(context, rest[0])
        assert found is not None, f"pbem has no command {' '.join(names[1:] + rest[:1])!r}"
        command, names = found, [*names, rest.pop(0)]
    assert not isinstance(command, click.Group), f"{' '.join(names)} needs a subcommand"
    command.make_context(" ".join(names), rest)  # raises click.UsageError on a bad option
    return names


@pytest.mark.parametrize("path", SERVICES, ids=lambda path: path.name)
def test_every_command_line_names_an_existing_command(path: Path) -> None:
    lines = command_lines(path)
    assert lines
    for argv in lines:
        program = argv[0]
        if not program.startswith(VENV_BIN):
            assert Path(program).is_absolute() and program in ("/bin/kill",), argv
            continue
        name = program.removeprefix(VENV_BIN)
        if name == "pbem":
            check_pbem_arguments(argv[1:])
        else:
            assert name == "gunicorn" and argv[1:] == ["-c", SOURCE + "deploy/gunicorn.conf.py"]
            assert (ROOT / "deploy" / "gunicorn.conf.py").exists()


def test_the_units_run_the_migration_the_web_the_workers_one_beat_and_mail_in() -> None:
    started = {path.name: check_pbem_arguments(argv[1:]) for path in SERVICES
               for argv in command_lines(path) if argv[0] == VENV_BIN + "pbem"}
    assert started == {UPGRADE: ["pbem", "db", "upgrade"], BACKUP: ["pbem", "backup"],
                       "pbem-worker.service": ["pbem", "worker"],
                       "pbem-worker-house.service": ["pbem", "worker"],
                       "pbem-beat.service": ["pbem", "worker"],
                       "pbem-smtpd.service": ["pbem", "smtpd"]}
    beats = [path.name for path in SERVICES for argv in command_lines(path) if "--beat" in argv]
    assert beats == ["pbem-beat.service"]
    house = [argv for argv in command_lines(UNITS / "pbem-worker-house.service")]
    assert house == [[VENV_BIN + "pbem", "worker", "--queues", "house", "--concurrency", "2"]]


def test_a_wrong_command_or_option_is_caught() -> None:
    with pytest.raises(AssertionError, match="no command 'db upgrayed'"):
        check_pbem_arguments(["db", "upgrayed"])
    with pytest.raises(click.UsageError):
        check_pbem_arguments(["worker", "--beats"])


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_accepts_the_units(tmp_path: Path) -> None:
    """`systemd-analyze verify`, with the paths moved to this checkout and its virtualenv (it
    requires every command to exist)."""
    venv_bin = str(Path(sys.executable).parent) + "/"
    for path in [*SERVICES, *TIMERS, UNITS / "pbem.target"]:
        text = path.read_text().replace(VENV_BIN, venv_bin).replace(SOURCE, f"{ROOT}/")
        (tmp_path / path.name).write_text(text)
    result = subprocess.run(["systemd-analyze", "verify", *map(str, sorted(tmp_path.iterdir()))],
                            capture_output=True, text=True, cwd=tmp_path, check=False)
    assert result.returncode == 0 and result.stdout + result.stderr == "", (
        result.stdout + result.stderr)


def test_the_backup_timer_runs_the_backup_every_night_and_after_a_missed_night() -> None:
    timer = parse(UNITS / "pbem-backup.timer")
    assert one(timer, "Timer", "Unit") == BACKUP
    assert one(timer, "Timer", "OnCalendar").startswith("*-*-* ")
    assert one(timer, "Timer", "Persistent") == "yes"
    assert one(timer, "Install", "WantedBy") == "timers.target"
    [argv] = command_lines(UNITS / BACKUP)
    assert argv[1:4] == ["backup", "--dir", "/var/backups/pbem"]
