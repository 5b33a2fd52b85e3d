"""A PEP 517 build backend on the standard library alone.

pip builds packages in an isolated environment into which it installs the backend's
requirements from a package index; setuptools would need one. This backend needs nothing, so
`pip install ./clients/python` works offline. It builds a pure-Python wheel of the `perch`
package and an sdist of this folder.
"""
from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import re
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PACKAGE = "perch"


def _project() -> dict:
    # The `key = "value"` lines of [project]; tomllib would need Python 3.11.
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = text.split("[project]", 1)[1].split("\n[", 1)[0]
    return dict(re.findall(r'^([\w-]+)\s*=\s*"([^"]*)"', section, flags=re.MULTILINE))


def _dist_name() -> str:
    return _project()["name"].replace("-", "_")


def _metadata() -> str:
    project = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
        "Description-Content-Type: text/markdown",
        "",
        (ROOT / project["readme"]).read_text(encoding="utf-8"),
    ]
    return "\n".join(lines)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _package_files() -> list[Path]:
    return sorted(path for path in (ROOT / PACKAGE).rglob("*") if path.is_file() and "__pycache__" not in path.parts)


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _project()["version"]
    dist_info = f"{_dist_name()}-{version}.dist-info"
    filename = f"{_dist_name()}-{version}-py3-none-any.whl"
    entries: list[tuple[str, bytes]] = [(path.relative_to(ROOT).as_posix(), path.read_bytes()) for path in _package_files()]
    entries.append((f"{dist_info}/METADATA", _metadata().encode("utf-8")))
    entries.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: perch build_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    record = [_record_line(name, data) for name, data in entries] + [f"{dist_info}/RECORD,,"]
    entries.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for name, data in entries:
            wheel.writestr(name, data)
    return filename


def build_sdist(sdist_directory, config_settings=None):
    base = f"{_dist_name()}-{_project()['version']}"
    filename = f"{base}.tar.gz"
    members = [ROOT / "pyproject.toml", ROOT / "build_backend.py", ROOT / "README.md", *_package_files()]
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as sdist:
        for path in members:
            sdist.add(path, arcname=f"{base}/{path.relative_to(ROOT).as_posix()}")
        info = _metadata().encode("utf-8")
        member = tarfile.TarInfo(f"{base}/PKG-INFO")
        member.size = len(info)
        sdist.addfile(member, io.BytesIO(info))
    return filename
