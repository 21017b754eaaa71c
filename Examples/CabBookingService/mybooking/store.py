"""The service's database: its tables, and opening, copying and restoring it."""

import sqlite3

SCHEMA = """
CREATE TABLE IF NOT EXISTS clock (minute INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS passengers (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    mobile TEXT NOT NULL UNIQUE,
    password_cipher TEXT NOT NULL,
    failures INTEGER NOT NULL DEFAULT 0,
    suspended_until INTEGER,
    logged_in INTEGER NOT NULL DEFAULT 0,
    cab_type TEXT NOT NULL DEFAULT 'Nano',
    wallet_enrolled INTEGER NOT NULL DEFAULT 0,
    promo_code_unused INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS wallet_entries (
    id INTEGER PRIMARY KEY,
    passenger INTEGER NOT NULL REFERENCES passengers(id),
    paise INTEGER NOT NULL,
    reason TEXT NOT NULL,
    gateway_request TEXT UNIQUE,
    booking INTEGER
);
CREATE TABLE IF NOT EXISTS gateway_requests (
    id TEXT PRIMARY KEY,
    passenger INTEGER NOT NULL REFERENCES passengers(id),
    paise INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    made INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS cabs (
    number TEXT PRIMARY KEY,
    cab_type TEXT NOT NULL,
    place TEXT NOT NULL,
    serving INTEGER
);
CREATE TABLE IF NOT EXISTS bookings (
    number INTEGER PRIMARY KEY,
    made_order INTEGER NOT NULL UNIQUE,
    passenger INTEGER NOT NULL REFERENCES passengers(id),
    for_later INTEGER NOT NULL,
    cab_type TEXT NOT NULL,
    pickup TEXT NOT NULL,
    pickup_at INTEGER NOT NULL,
    made_at INTEGER NOT NULL,
    state TEXT NOT NULL,
    cab TEXT REFERENCES cabs(number),
    cab_due_at INTEGER,
    arrived_at INTEGER,
    boarded_at INTEGER,
    fare INTEGER,
    paid_by TEXT,
    promo_code INTEGER NOT NULL DEFAULT 0,
    discounted INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS issued_booking_numbers (number INTEGER PRIMARY KEY);
CREATE TABLE IF NOT EXISTS booking_counter (next INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS favourites (
    id INTEGER PRIMARY KEY,
    passenger INTEGER NOT NULL REFERENCES passengers(id),
    name TEXT NOT NULL,
    place TEXT NOT NULL,
    latitude REAL NOT NULL,
    longitude REAL NOT NULL,
    UNIQUE (passenger, name)
);
CREATE TABLE IF NOT EXISTS feedback (
    booking INTEGER PRIMARY KEY REFERENCES bookings(number),
    passenger INTEGER NOT NULL,
    words TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY,
    minute INTEGER NOT NULL,
    channel TEXT NOT NULL,
    recipient TEXT NOT NULL,
    booking INTEGER,
    body TEXT NOT NULL
);
"""


def open_database(path):
    """Opens (creating) the database at `path`; autocommit: each operation is one transaction."""
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    connection.row_factory = sqlite3.Row
    # Small pages: the tables are small, and a snapshot of the database is all of its pages.
    connection.execute("PRAGMA page_size = 512")
    connection.execute("PRAGMA foreign_keys = ON")
    connection.executescript(SCHEMA)
    return connection


class Transaction:
    """`with Transaction(db):` applies all of an operation or, on any exception, none of it."""

    def __init__(self, connection):
        self.connection = connection

    def __enter__(self):
        self.connection.execute("SAVEPOINT operation")
        return self.connection

    def __exit__(self, kind, value, traceback):
        if kind is None:
            self.connection.execute("RELEASE operation")
        else:
            self.connection.execute("ROLLBACK TO operation")
            self.connection.execute("RELEASE operation")
        return False
