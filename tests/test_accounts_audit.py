"""The accounts audit (scripts/audit_accounts.py) against a real server: it exits 0,
with every guess past the limit refused unchecked and nothing leaked."""

from __future__ import annotations

from test_audit_scripts import run_script


def test_the_accounts_audit_passes() -> None:
    out = run_script("audit_accounts.py", "--guesses", "8", "--quiet")
    assert "wrong passwords checked of 8: 5\n" in out
    assert "wrong passwords refused unchecked: 3\n" in out
    assert "leaks: 0\n" in out and "answers of 500 or more: 0\n" in out
