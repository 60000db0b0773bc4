"""Running the web page's own modules in Node: a harness (an ES module that imports
the page's module named by its first argument) given JSON, its answer read back."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

WEB_JS = Path(__file__).resolve().parent.parent / "pysaboteur" / "web" / "js"
NODE = shutil.which("node")


def run_module(tmp_path: Path, harness: str, module: str, value: Any) -> Any:
    """What ``harness`` prints as JSON, run with the page's ``module`` (``"moves.js"``)
    and ``value`` as JSON for its arguments 2 and 3."""
    script = tmp_path / "harness.mjs"
    script.write_text(harness, encoding="utf-8")
    assert NODE is not None
    run = subprocess.run(
        [NODE, str(script), str(WEB_JS / module), json.dumps(value)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(run.stdout)
