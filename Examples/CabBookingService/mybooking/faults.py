"""Planted faults, for showing that a check catches them: `MYBOOKING_FAULT=name[,name]`.

Each is a bug a developer could write; none is active unless named."""

import os

CATALOGUE = {
    "lockout-at-fourth-failure": "The lockout compares the failures with > instead of >=: "
    "the account is suspended at the fourth wrong password, not the third.",
    "too-soon-at-thirty": "The too-soon check of a booking for later uses < 30 minutes: "
    "a booking exactly 30 minutes ahead is accepted.",
    "clash-counts-cancelled": "The clash query forgets to leave out deleted bookings: "
    "a cancelled booking still blocks a new one within 30 minutes of it.",
    "cancel-keeps-cab": "Cancelling a booking forgets to free its cab.",
    "partial-wallet-debit": "With less in the wallet than the fare, the wallet is emptied and "
    "the rest asked in cash.",
    "waiting-per-completed-block": "The waiting surcharge counts completed half hours, not started ones.",
    "favourite-radius-exclusive": "Two places exactly 150 m apart count as different places.",
    "refill-retry-credited-again": "The wallet does not remember the gateway's request ids: "
    "a confirmation sent again is credited again.",
}


def active():
    """The faults named in the environment; an unknown name stops the service with a message."""
    named = [word for word in os.environ.get("MYBOOKING_FAULT", "").split(",") if word]
    unknown = [word for word in named if word not in CATALOGUE]
    if unknown:
        raise SystemExit(f"mybooking: unknown fault {', '.join(unknown)}; known: {', '.join(CATALOGUE)}")
    return frozenset(named)
