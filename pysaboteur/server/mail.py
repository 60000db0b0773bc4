"""The your-turn e-mail: written in its reader's language, sent through the
operator's SMTP server with the standard library, in a thread.

Nothing here runs unless the operator names an SMTP server (``--smtp-host`` or
``PYSABOTEUR_SMTP_HOST``).  Sending may take seconds or fail; it is always
done off the event loop, after the move it follows was stored and announced,
so a slow or broken mail server never holds up a table.
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from ..i18n import N_, gettext
from .config import Settings

#: Seconds one conversation with the SMTP server may take.
SMTP_TIMEOUT = 30.0

#: TRANSLATORS: the subject of the e-mail telling a person it is their turn.
SUBJECT = N_("Your turn at Saboteur table {table}")
#: TRANSLATORS: the e-mail telling a person it is their turn; {link} opens the table.
BODY = N_(
    "It is your turn at the Saboteur table {table}, where you play as {name}.\n"
    "\n"
    "Open the table to make your move: {link}\n"
    "\n"
    "You have {time} for this move; then a bot plays for you until you are back."
)
#: TRANSLATORS: the end of the your-turn e-mail; {link} is the account's page.
FOOTER = N_(
    "You receive this e-mail because you asked for it in your account's settings. "
    "To stop it, untick it there: {link}"
)


@dataclass(frozen=True)
class Mailer:
    """The operator's SMTP server, as ``Settings`` names it."""

    host: str
    port: int
    #: "starttls" (port 587), "tls" (port 465) or "none" (a server on this machine).
    security: str
    user: str
    password: str
    sender: str

    @classmethod
    def from_settings(cls, settings: Settings) -> Mailer | None:
        """The mailer the settings configure; None when they name no SMTP server."""
        if not settings.smtp_host:
            return None
        return cls(
            host=settings.smtp_host,
            port=settings.smtp_port,
            security=settings.smtp_security,
            user=settings.smtp_user,
            password=settings.smtp_password,
            sender=settings.smtp_from or f"pysaboteur@{settings.smtp_host}",
        )

    def send(self, message: EmailMessage) -> None:
        """Send ``message`` (blocking: call it in a thread); raises what smtplib raises."""
        message["From"] = self.sender
        if self.security == "tls":
            context = ssl.create_default_context()
            with smtplib.SMTP_SSL(
                self.host, self.port, timeout=SMTP_TIMEOUT, context=context
            ) as smtp:
                self._deliver(smtp, message)
            return
        with smtplib.SMTP(self.host, self.port, timeout=SMTP_TIMEOUT) as smtp:
            if self.security == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            self._deliver(smtp, message)

    def _deliver(self, smtp: smtplib.SMTP, message: EmailMessage) -> None:
        if self.user:
            smtp.login(self.user, self.password)
        smtp.send_message(message)


@dataclass(frozen=True)
class YourTurn:
    """What the e-mail says: whose turn, at which table, how long they have."""

    to: str
    language: str
    table: str
    name: str
    time: str
    table_link: str
    account_link: str


def your_turn_message(turn: YourTurn) -> EmailMessage:
    """The e-mail in ``turn.language``: plain text, one link to the table."""
    lang = turn.language
    message = EmailMessage()
    message["To"] = turn.to
    message["Subject"] = gettext(lang, SUBJECT).format(table=turn.table)
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain="pysaboteur")
    body = gettext(lang, BODY).format(
        table=turn.table, name=turn.name, link=turn.table_link, time=turn.time
    )
    footer = gettext(lang, FOOTER).format(link=turn.account_link)
    message.set_content(f"{body}\n\n-- \n{footer}\n")
    message["Content-Language"] = lang  # after the content, which sets the Content- headers
    return message
