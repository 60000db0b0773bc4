"""The server's settings: where it listens, where it stores, how its bots behave."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The browser client's static files, shipped inside the package.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
DEFAULT_DATABASE = "saboteur.db"
#: The bot specs a host may choose for the empty seats, the first being the default.
DEFAULT_BOTS = ("heuristic", "random", "ismcts", "ismcts:seconds=1")
#: The editions a table may play, as ``POST /api/tables`` names them.
EDITIONS = ("base", "saboteur2", "duel")
#: The bots that play an edition, where not every bot does: of the server's bots,
#: a table of that edition offers these (the first offered being its default).
#: The Duel's heuristic goes here, before "random", once ``bots/heuristic_duel.py`` is in.
EDITION_BOTS: dict[str, tuple[str, ...]] = {"duel": ("random", "heuristic")}
#: The largest table creation accepted, in bytes: it may carry a Duel deck file.
MAX_CREATE = 16384
#: How the SMTP connection is made secure (``Settings.smtp_security``).
SMTP_SECURITY = ("starttls", "tls", "none")


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    #: A SQLAlchemy URL: ``sqlite:///path`` or ``postgresql+psycopg://user:pass@host/db``.
    database_url: str = f"sqlite:///{DEFAULT_DATABASE}"
    #: Server processes sharing the port (uvicorn's workers); more than one needs
    #: a database they can share (PostgreSQL).
    workers: int = 1
    #: Seconds a bot waits before moving, unless its table says otherwise.
    bot_pause: float = 1.0
    #: Processes choosing the bots' moves; 0 chooses them in threads of the server's process.
    bot_workers: int = 1
    #: The bot specs tables may use (each is checked with ``make_bot``).
    bots: tuple[str, ...] = DEFAULT_BOTS
    #: The shortest clock a table may set, in seconds per move.
    min_clock: float = 10.0
    #: The largest request body or WebSocket message accepted, in bytes.
    max_message: int = 4096
    #: Views that may wait for a slow socket before the server closes it.
    max_queue: int = 256
    #: Seconds a new WebSocket has to say hello.
    hello_timeout: float = 10.0
    #: New tables one client (one address) may create in any ``table_window``; 0: no limit.
    tables_per_client: int = 30
    #: Seconds over which ``tables_per_client`` counts.
    table_window: float = 600.0
    #: Seconds a table may stay in its lobby without a change before it is closed
    #: (status ``expired``); 0 keeps lobbies for ever.
    lobby_expiry: float = 24 * 3600.0
    #: Seconds between two looks for lobbies to close.
    expiry_check_every: float = 300.0
    #: Addresses of reverse proxies whose X-Forwarded-* headers are believed,
    #: comma-separated; none by default: anybody can write those headers, so
    #: believing them from a proxy nobody named would let a client choose the
    #: address the limit on new tables counts by.
    forwarded_allow_ips: str = ""
    #: The largest request line plus headers accepted, in bytes.
    max_header_bytes: int = 16384
    #: Seconds a connection has to send a whole request's headers.
    header_timeout: float = 10.0
    #: Seconds a request's body has to arrive whole once its headers are in.
    body_timeout: float = 10.0
    #: Connections one client address may hold open at once (WebSockets
    #: included); trusted proxies are not counted; 0: no limit.
    max_connections_per_client: int = 100
    #: Seconds an idle keep-alive connection stays open between requests.
    keep_alive: int = 5
    #: Wrong passwords an account's name, and an address, may have in any
    #: ``login_window`` seconds before signing in is refused for a while (0: no limit).
    login_failures_per_account: int = 5
    login_failures_per_address: int = 20
    login_window: float = 900.0
    #: The SMTP server that sends the your-turn e-mails (``turn_mail.py``); none: no e-mail.
    smtp_host: str = ""
    smtp_port: int = 587
    #: "starttls" (the port's plain connection made secure), "tls" (secure from the
    #: start, port 465) or "none" (only for a mail server on this machine).
    smtp_security: str = "starttls"
    smtp_user: str = ""
    smtp_password: str = ""
    #: The e-mails' sender ("From"); by default pysaboteur at the SMTP server's host.
    smtp_from: str = ""
    #: The address people open the server at, for the links in e-mails
    #: (``https://saboteur.example.org``); by default the server's own host and port.
    public_url: str = ""
    #: Seconds a turn waits before its e-mail is sent: a page being reloaded (or
    #: opened again at once) comes back meanwhile, and nobody is mailed.
    mail_delay: float = 60.0
    log_level: str = "warning"
    web_dir: Path = field(default=WEB_DIR)

    @property
    def default_bot(self) -> str:
        return self.bots[0]

    def bots_for(self, edition: str) -> tuple[str, ...]:
        """The bots a table of ``edition`` may seat (``EDITION_BOTS``)."""
        playing = EDITION_BOTS.get(edition)
        if playing is None:
            return self.bots
        return tuple(spec for spec in self.bots if spec.partition(":")[0] in playing) or playing

    def to_json(self) -> str:
        """The settings as text, for the worker processes that start from them."""
        values: dict[str, Any] = dataclasses.asdict(self)
        values["web_dir"] = str(self.web_dir)
        return json.dumps(values)

    @classmethod
    def from_json(cls, text: str) -> Settings:
        values = json.loads(text)
        values["web_dir"] = Path(values["web_dir"])
        values["bots"] = tuple(values["bots"])
        return cls(**values)


def database_url(path: str | None, url: str | None) -> str:
    """The SQLAlchemy URL for ``--database PATH`` or ``--database-url URL`` (which wins).

    A plain ``postgresql://`` URL gets the psycopg 3 driver, the one the
    ``postgres`` extra installs.
    """
    if url:
        for plain in ("postgresql://", "postgres://"):
            if url.startswith(plain):
                return "postgresql+psycopg://" + url[len(plain) :]
        return url
    return f"sqlite:///{Path(path or DEFAULT_DATABASE).resolve()}"
