"""The Mobile Cab Booking service (seed 004): accounts, bookings, dispatch, fares, the wallet,
favourites and feedback, on a SQLite database and a clock that only `advance_clock` moves.

Every operation is one transaction: it applies whole or, when it raises, not at all. An
operation answers with what the app shows the passenger (`Shown`, the design note's message
ids), which may go with a change (a wrong password counts a failure); a request the app would
never send (booking without a session, cancelling another passenger's booking) raises `Rejected`
and changes nothing."""

import math
from dataclasses import dataclass

from .store import Transaction
from .policy import CAB_TYPES

LIVE = ("SCHEDULED", "DESIGNATED", "CAB_ARRIVED", "ON_TRIP")
CANCELLABLE = ("SCHEDULED", "DESIGNATED", "CAB_ARRIVED")  # until the passenger boards (D12)


class Rejected(Exception):
    """A request the service refuses outright: nothing changed, nothing shown but the reason."""


@dataclass(frozen=True)
class Shown:
    """What the app shows after a request: a message id of the design note and its words."""

    code: str
    text: str


ALPHANUMERICS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def shifted(text, by):
    return "".join(ALPHANUMERICS[(ALPHANUMERICS.index(c) + by) % len(ALPHANUMERICS)] for c in text)


def encipher(password, key):
    """A reversible toy cipher (decision D2: the seed mails the password back, so it cannot be
    hashed); never the plaintext."""
    return shifted(password, 7 + key % 50)


def decipher(cipher, key):
    return shifted(cipher, -(7 + key % 50))


def valid_password(password):
    """UC01 IR: exactly 8 alphanumeric characters (decision D6)."""
    return len(password) == 8 and password.isascii() and password.isalnum()


def distance_metres(a, b):
    """Great-circle distance in whole metres: the app's GPS resolution (D24)."""
    radius = 6_371_000.0
    phi1, phi2 = math.radians(a[0]), math.radians(b[0])
    dphi, dlambda = phi2 - phi1, math.radians(b[1] - a[1])
    h = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlambda / 2) ** 2
    return round(2 * radius * math.asin(math.sqrt(h)))


class BookingService:
    def __init__(self, db, config, faults=frozenset()):
        self.db = db
        self.config = config
        self.policy = config.policy
        self.faults = faults

    # -- reading ------------------------------------------------------------------------------

    def now(self):
        return self.db.execute("SELECT minute FROM clock").fetchone()[0]

    def balance(self, passenger):
        row = self.db.execute("SELECT COALESCE(SUM(paise), 0) FROM wallet_entries WHERE passenger = ?", (passenger,))
        return row.fetchone()[0]

    def passenger(self, passenger):
        row = self.db.execute("SELECT * FROM passengers WHERE id = ?", (passenger,)).fetchone()
        if row is None:
            raise Rejected(f"no passenger {passenger}")
        return row

    def logged_in(self, passenger):
        if not self.passenger(passenger)["logged_in"]:
            raise Rejected(f"passenger {passenger} is not logged in")

    def suspended(self, row):
        return row["suspended_until"] is not None and row["suspended_until"] > self.now()

    def own_booking(self, passenger, number):
        row = self.db.execute("SELECT * FROM bookings WHERE number = ?", (number,)).fetchone()
        if row is None or row["passenger"] != passenger:  # D13: only his own bookings
            raise Rejected(f"passenger {passenger} has no booking {number}")
        return row

    def place_named(self, coordinates):
        for name, place in self.config.places.items():
            if (place.latitude, place.longitude) == coordinates:
                return name
        return None

    def send(self, channel, recipient, body, booking=None):
        self.db.execute(
            "INSERT INTO outbox (minute, channel, recipient, booking, body) VALUES (?, ?, ?, ?, ?)",
            (self.now(), channel, recipient, booking, body),
        )

    # -- accounts (UC01-UC04) -----------------------------------------------------------------

    def register(self, email, mobile, password, confirm):
        with Transaction(self.db):
            if not valid_password(password) or not (len(mobile) == 10 and mobile.isdigit()):
                return Shown("M02", "Please enter valid details.")
            if password != confirm:
                return Shown("M03", "The passwords do not match.")
            if self.db.execute("SELECT 1 FROM passengers WHERE email = ?", (email,)).fetchone():
                return Shown("M04", "This e-mail is already registered.")
            if self.db.execute("SELECT 1 FROM passengers WHERE mobile = ?", (mobile,)).fetchone():
                return Shown("M04b", "This mobile number is already registered.")  # D1
            cursor = self.db.execute(
                "INSERT INTO passengers (email, mobile, password_cipher) VALUES (?, ?, '')", (email, mobile)
            )
            key = cursor.lastrowid
            self.db.execute("UPDATE passengers SET password_cipher = ? WHERE id = ?", (encipher(password, key), key))
            self.send("sms", mobile, "Welcome to the cab service: your promo code is FIRST10.")
            self.send("email", email, "Welcome: 10% off your first travel with the promo code FIRST10.")
            return Shown("M01", "You are registered.")

    def count_failure(self, row, counted, suspended):
        """D3: one count of consecutive failures for login and change-password; the third
        suspends the account for a day (D4) and starts the count again."""
        failures = row["failures"] + 1
        limit = self.policy.failures_allowed + (2 if "lockout-at-fourth-failure" in self.faults else 1)
        if failures >= limit:
            self.db.execute(
                "UPDATE passengers SET failures = 0, suspended_until = ?, logged_in = 0 WHERE id = ?",
                (self.now() + self.policy.day, row["id"]),
            )
            return suspended
        self.db.execute("UPDATE passengers SET failures = ? WHERE id = ?", (failures, row["id"]))
        return counted

    def login(self, mobile, password):
        with Transaction(self.db):
            row = self.db.execute("SELECT * FROM passengers WHERE mobile = ?", (mobile,)).fetchone()
            if row is None:
                raise Rejected(f"no account for mobile {mobile}")
            if row["logged_in"]:
                raise Rejected("already logged in")
            suspended = Shown("M07", "Login failed: the account is suspended for 1 day.")
            if self.suspended(row):
                return suspended  # D4: attempts while suspended neither count nor extend it
            if decipher(row["password_cipher"], row["id"]) != password:
                return self.count_failure(row, Shown("M06", "Invalid login details."), suspended)
            self.db.execute(
                "UPDATE passengers SET logged_in = 1, failures = 0, cab_type = 'Nano' WHERE id = ?", (row["id"],)
            )
            return Shown("M05", "Welcome back.")

    def logout(self, passenger):
        with Transaction(self.db):
            self.logged_in(passenger)
            self.db.execute("UPDATE passengers SET logged_in = 0 WHERE id = ?", (passenger,))
            return Shown("M42", "Logged out.")

    def change_password(self, mobile, current, new, confirm):
        """UC03; with or without a session (D5), and a success ends the session."""
        with Transaction(self.db):
            row = self.db.execute("SELECT * FROM passengers WHERE mobile = ?", (mobile,)).fetchone()
            if row is None:
                raise Rejected(f"no account for mobile {mobile}")
            suspended = Shown("M09", "Login failed. Account suspended.")
            if self.suspended(row):
                return suspended
            if decipher(row["password_cipher"], row["id"]) != current:
                return self.count_failure(row, Shown("M08", "Invalid login details."), suspended)
            if new != confirm or not valid_password(new):
                return Shown("M03", "The passwords do not match.")
            self.db.execute(
                "UPDATE passengers SET password_cipher = ?, failures = 0, logged_in = 0 WHERE id = ?",
                (encipher(new, row["id"]), row["id"]),
            )
            return Shown("M10", "Password changed successfully.")

    def forgot_password(self, mobile):
        with Transaction(self.db):
            row = self.db.execute("SELECT * FROM passengers WHERE mobile = ?", (mobile,)).fetchone()
            if row is None:
                return Shown("M12", "Invalid mobile number.")
            password = decipher(row["password_cipher"], row["id"])
            self.send("email", row["email"], f"Your password is {password}.")  # D2, a defect of the seed
            return Shown("M11", "Your password has been sent to your registered e-mail.")

    def choose_cab_type(self, passenger, cab_type):
        with Transaction(self.db):
            self.logged_in(passenger)
            if cab_type not in CAB_TYPES:
                raise Rejected(f"no cab type {cab_type}")
            self.db.execute("UPDATE passengers SET cab_type = ? WHERE id = ?", (cab_type, passenger))
            return Shown("M41", f"{cab_type} chosen.")

    # -- bookings (UC05-UC07, UC19, UC11) -----------------------------------------------------

    def clashes(self, passenger, pickup_at):
        """D10: any live booking of the passenger 30 minutes or less from this pickup."""
        live = "" if "clash-counts-cancelled" in self.faults else f"AND state IN {LIVE}"
        row = self.db.execute(
            f"SELECT 1 FROM bookings WHERE passenger = ? {live} AND ABS(pickup_at - ?) <= ?",
            (passenger, pickup_at, self.policy.window),
        ).fetchone()
        return row is not None

    def fastest_free_cab(self, cab_type, pickup, deadline, minute):
        """UC06 BR1 (D14): the free cab of the type that arrives first, by the deadline; ties
        to the lowest cab number."""
        best = None
        for cab in self.db.execute(
            "SELECT number, place FROM cabs WHERE serving IS NULL AND cab_type = ? ORDER BY number", (cab_type,)
        ):
            minutes = self.config.roads[(cab["place"], pickup)][0]
            if minute + minutes <= deadline and (best is None or minutes < best[1]):
                best = (cab["number"], minutes)
        return best

    def next_booking_number(self):
        """UC06 BR4 (D7): six digits, never issued twice; after 999999 comes 100000."""
        number = self.db.execute("SELECT next FROM booking_counter").fetchone()[0]
        while self.db.execute("SELECT 1 FROM issued_booking_numbers WHERE number = ?", (number,)).fetchone():
            number = 100_000 if number == 999_999 else number + 1
        following = 100_000 if number == 999_999 else number + 1
        self.db.execute("UPDATE booking_counter SET next = ?", (following,))
        self.db.execute("INSERT INTO issued_booking_numbers VALUES (?)", (number,))
        return number

    def create_booking(self, passenger, row, for_later, pickup, pickup_at, promo_code):
        number = self.next_booking_number()
        order = self.db.execute("SELECT COALESCE(MAX(made_order), 0) + 1 FROM bookings").fetchone()[0]
        self.db.execute(
            "INSERT INTO bookings (number, made_order, passenger, for_later, cab_type, pickup, pickup_at, made_at,"
            " state, promo_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'SCHEDULED', ?)",
            (number, order, passenger, int(for_later), row["cab_type"], pickup, pickup_at, self.now(),
             int(promo_code == "FIRST10")),
        )
        self.send("email", row["email"], f"Booking {number} confirmed.", number)
        self.send("sms", row["mobile"], f"Booking {number} confirmed.", number)
        return number

    def designate(self, number, cab, minutes, minute):
        self.db.execute(
            "UPDATE bookings SET state = 'DESIGNATED', cab = ?, cab_due_at = ? WHERE number = ?",
            (cab, minute + minutes, number),
        )
        self.db.execute("UPDATE cabs SET serving = ? WHERE number = ?", (number, cab))

    def book_now(self, passenger, pickup, promo_code=None):
        with Transaction(self.db):
            self.logged_in(passenger)
            row = self.passenger(passenger)
            place = self.place_named(pickup)
            if place is None or not self.config.places[place].in_area:
                return Shown("M33", "This location is not in the cab service area.")
            now = self.now()
            if self.clashes(passenger, now):
                return Shown("M16", "You already have a booking then: choose a different time.")
            cab = self.fastest_free_cab(row["cab_type"], place, now + self.policy.window, now)
            if cab is None:
                return Shown("M14", f"No {row['cab_type']} is free now.")
            number = self.create_booking(passenger, row, False, place, now, promo_code)
            self.designate(number, cab[0], cab[1], now)
            return Shown("M13", f"Booking {number} confirmed: cab {cab[0]} arrives in {cab[1]} minutes.")

    def book_later(self, passenger, pickup, pickup_at, promo_code=None):
        with Transaction(self.db):
            self.logged_in(passenger)
            row = self.passenger(passenger)
            lead = pickup_at - self.now()
            too_soon = lead < self.policy.window if "too-soon-at-thirty" in self.faults else lead <= self.policy.window
            if too_soon:
                return Shown("M15", "A booking for later must be more than 30 minutes ahead.")  # UC07 7b (D8)
            if lead > self.policy.maximum_lead:
                return Shown("M18", "Bookings can be made up to three days in advance.")  # UC07 BR1 (D9)
            if self.clashes(passenger, pickup_at):
                return Shown("M16", "You already have a booking then: choose a different time.")
            cabs = self.db.execute("SELECT COUNT(*) FROM cabs WHERE cab_type = ?", (row["cab_type"],)).fetchone()[0]
            near = self.db.execute(
                f"SELECT COUNT(*) FROM bookings WHERE for_later = 1 AND cab_type = ? AND state IN {LIVE}"
                " AND ABS(pickup_at - ?) <= ?",
                (row["cab_type"], pickup_at, self.policy.window),
            ).fetchone()[0]
            if near >= cabs:  # D11
                return Shown("M17", "No cab is available at that time.")
            place = self.place_named(pickup)
            if place is None or not self.config.places[place].in_area:
                return Shown("M33", "This location is not in the cab service area.")
            number = self.create_booking(passenger, row, True, place, pickup_at, promo_code)
            return Shown("M13", f"Booking {number} confirmed for minute {pickup_at}.")

    def cancel(self, passenger, number):
        with Transaction(self.db):
            self.logged_in(passenger)
            booking = self.own_booking(passenger, number)
            if booking["state"] not in CANCELLABLE:
                raise Rejected(f"booking {number} cannot be cancelled now ({booking['state']})")
            if booking["cab"] is not None and "cancel-keeps-cab" not in self.faults:
                self.db.execute("UPDATE cabs SET serving = NULL WHERE number = ?", (booking["cab"],))
            self.db.execute(
                "UPDATE bookings SET state = 'CANCELLED', deleted = 1, cab = NULL WHERE number = ?", (number,)
            )
            self.send("email", self.passenger(passenger)["email"], f"Booking {number} cancelled.", number)  # D12
            return Shown("M20", "The booking has been deleted.")

    def track(self, passenger, number):
        """UC11: a designated cab on its way; for a later booking from 20 minutes before pickup."""
        self.logged_in(passenger)
        booking = self.own_booking(passenger, number)
        if booking["state"] != "DESIGNATED":
            raise Rejected(f"booking {number} has no cab on its way")
        if booking["for_later"] and self.now() < booking["pickup_at"] - self.policy.notice:
            raise Rejected(f"booking {number} can be tracked from 20 minutes before pickup")
        return {"cab": booking["cab"], "arrives": booking["cab_due_at"]}

    # -- the clock: every job at its own minute ------------------------------------------------

    def advance_clock(self, minutes):
        if minutes <= 0:
            raise Rejected("the clock only moves forward")
        with Transaction(self.db):
            target = self.now() + minutes
            for minute in range(self.now() + 1, target + 1):
                self.db.execute("UPDATE clock SET minute = ?", (minute,))
                self.run_jobs(minute)

    def run_jobs(self, minute):
        self.db.execute(
            "UPDATE passengers SET suspended_until = NULL, failures = 0 WHERE suspended_until <= ?", (minute,)
        )
        due = self.db.execute(
            "SELECT * FROM bookings WHERE state = 'SCHEDULED' AND pickup_at - ? <= ? ORDER BY pickup_at, made_order",
            (self.policy.notice, minute),
        ).fetchall()
        for booking in due:
            deadline = booking["pickup_at"] + self.policy.window  # D15: the pickup time + 30 minutes
            cab = self.fastest_free_cab(booking["cab_type"], booking["pickup"], deadline, minute)
            owner = self.passenger(booking["passenger"])
            if cab is None:  # D16
                self.db.execute("UPDATE bookings SET state = 'UNSERVED' WHERE number = ?", (booking["number"],))
                self.send("push", owner["mobile"], f"No cab could be found for booking {booking['number']}.")
            else:
                self.designate(booking["number"], cab[0], cab[1], minute)
                self.send("push", owner["mobile"], f"Cab {cab[0]} is on its way for booking {booking['number']}.")
        for booking in self.db.execute(
            "SELECT number, cab, pickup FROM bookings WHERE state = 'DESIGNATED' AND cab_due_at <= ?", (minute,)
        ).fetchall():
            # The cab is at the pickup at the minute it was due, which an earlier move of the clock
            # may have left behind (a cab already at the pickup is due the minute it is designated).
            self.db.execute(
                "UPDATE bookings SET state = 'CAB_ARRIVED', arrived_at = cab_due_at WHERE number = ?",
                (booking["number"],),
            )
            self.db.execute("UPDATE cabs SET place = ? WHERE number = ?", (booking["pickup"], booking["cab"]))

    # -- travel, fare and payment (UC13, UC14) ------------------------------------------------

    def board(self, number):
        with Transaction(self.db):
            booking = self.db.execute("SELECT * FROM bookings WHERE number = ?", (number,)).fetchone()
            if booking is None or booking["state"] != "CAB_ARRIVED":
                raise Rejected(f"no cab is waiting for booking {number}")
            self.db.execute(
                "UPDATE bookings SET state = 'ON_TRIP', boarded_at = ? WHERE number = ?", (self.now(), number)
            )
            return Shown("M40", "Travel started.")

    def waiting_charge(self, waited):
        """UC06 BR3 (D17): free for 10 minutes, then INR 50 for each started 30 minutes."""
        beyond = waited - self.policy.free_waiting
        if beyond <= 0:
            return 0
        if "waiting-per-completed-block" in self.faults:
            return self.policy.surcharge * (beyond // self.policy.window)
        return self.policy.surcharge * -(-beyond // self.policy.window)

    def end_travel(self, number, drop, charge_waiting, toll=0):
        with Transaction(self.db):
            booking = self.db.execute("SELECT * FROM bookings WHERE number = ?", (number,)).fetchone()
            if booking is None or booking["state"] != "ON_TRIP":
                raise Rejected(f"booking {number} is not on a trip")
            drop_place = self.place_named(drop)
            if drop_place is None:
                raise Rejected("unknown drop point")
            base, per_km = self.config.fares[booking["cab_type"]]
            metres = self.config.roads[(booking["pickup"], drop_place)][1]
            fare = base + (per_km * metres + 500) // 1000 + toll
            if charge_waiting:
                fare += self.waiting_charge(booking["boarded_at"] - booking["arrived_at"])
            owner = self.passenger(booking["passenger"])
            discounted = bool(booking["promo_code"] and owner["promo_code_unused"])
            if discounted:  # UC01 BR7 (D19): the first travel only, booked with the code
                fare -= (fare * self.policy.promo_percent + 50) // 100
            self.db.execute("UPDATE passengers SET promo_code_unused = 0 WHERE id = ?", (owner["id"],))
            balance = self.balance(owner["id"])
            if owner["wallet_enrolled"] and balance >= fare:  # D21: the whole fare or none
                paid_by, shown = "wallet", Shown("M25", f"INR {fare / 100:.2f} paid through the wallet.")
                self.debit(owner["id"], fare, number)
            else:
                if "partial-wallet-debit" in self.faults and owner["wallet_enrolled"] and balance > 0:
                    self.debit(owner["id"], balance, number)
                paid_by, shown = "cash", Shown("M26", "Insufficient balance in the wallet: please pay by cash.")
            self.db.execute(
                "UPDATE bookings SET state = 'COMPLETED', fare = ?, paid_by = ?, discounted = ? WHERE number = ?",
                (fare, paid_by, int(discounted), number),
            )
            self.db.execute("UPDATE cabs SET serving = NULL, place = ? WHERE number = ?", (drop_place, booking["cab"]))
            self.send("sms", owner["mobile"], shown.text, number)
            self.send("driver", booking["cab"], f"Travel {number}: {paid_by}.", number)
            return shown

    def debit(self, passenger, paise, booking):
        self.db.execute(
            "INSERT INTO wallet_entries (passenger, paise, reason, booking) VALUES (?, ?, 'travel', ?)",
            (passenger, -paise, booking),
        )

    def travel_end_again(self, number):
        """D22: the driver's travel-end message again (a retry): paid once, nothing changes and
        the passenger is sent nothing more."""
        booking = self.db.execute("SELECT * FROM bookings WHERE number = ?", (number,)).fetchone()
        if booking is None or booking["state"] != "COMPLETED":
            raise Rejected(f"booking {number} has not ended")
        return booking["paid_by"]

    # -- wallet (UC12) ------------------------------------------------------------------------

    def refill(self, passenger, request_id, paise, approved):
        """The gateway's answer to refill request `request_id`, credited once (UC12 BR4, D20)."""
        with Transaction(self.db):
            self.logged_in(passenger)
            if not self.passenger(passenger)["wallet_enrolled"]:
                raise Rejected(f"passenger {passenger} has no wallet")
            if not approved:
                outcome, shown = "declined", Shown("M22", "There is an error in the transaction.")
            elif self.balance(passenger) + paise > self.policy.wallet_limit:
                outcome, shown = "over limit", Shown("M37", "The wallet cannot hold more than its limit.")
            else:
                outcome, shown = "credited", Shown("M21", "Wallet refilled.")
                self.db.execute(
                    "INSERT INTO wallet_entries (passenger, paise, reason, gateway_request) VALUES (?, ?, 'refill', ?)",
                    (passenger, paise, request_id),
                )
            self.db.execute(
                "INSERT INTO gateway_requests (id, passenger, paise, outcome, made) VALUES (?, ?, ?, ?, ?)",
                (request_id, passenger, paise, outcome, self.now()),
            )
            return shown

    def gateway_confirmation_again(self, passenger, request_id):
        """The app posts the gateway's confirmation of a refill again (a retry after a timeout): the
        gateway returns to the app (UC12 steps 13-16), so it comes in the passenger's session. A
        request is credited once."""
        with Transaction(self.db):
            self.logged_in(passenger)
            request = self.db.execute("SELECT * FROM gateway_requests WHERE id = ?", (request_id,)).fetchone()
            if request is None or request["passenger"] != passenger or request["outcome"] != "credited":
                raise Rejected(f"no credited refill {request_id}")
            if "refill-retry-credited-again" in self.faults:
                self.db.execute(
                    "INSERT INTO wallet_entries (passenger, paise, reason) VALUES (?, ?, 'refill')",
                    (request["passenger"], request["paise"]),
                )
            return Shown("M21", "Wallet refilled.")

    # -- favourites and feedback (UC20, UC15) --------------------------------------------------

    def add_favourite(self, passenger, name, latitude, longitude):
        with Transaction(self.db):
            self.logged_in(passenger)
            saved = self.db.execute("SELECT * FROM favourites WHERE passenger = ?", (passenger,)).fetchall()
            if any(row["name"] == name for row in saved):
                return Shown("M30", "Name is already present.")
            for row in saved:
                metres = distance_metres((row["latitude"], row["longitude"]), (latitude, longitude))
                close = metres < self.policy.favourite_radius if "favourite-radius-exclusive" in self.faults \
                    else metres <= self.policy.favourite_radius
                if close:  # D24
                    return Shown("M31", "Location already exists: choose another location.")
            if len(saved) >= self.policy.favourite_limit:  # D23
                return Shown("M32", "You have saved the most favourites you may.")
            place = self.place_named((latitude, longitude)) or f"{latitude},{longitude}"
            self.db.execute(
                "INSERT INTO favourites (passenger, name, place, latitude, longitude) VALUES (?, ?, ?, ?, ?)",
                (passenger, name, place, latitude, longitude),
            )
            return Shown("M29", "Added successfully.")

    def send_feedback(self, passenger, number, words):
        with Transaction(self.db):
            self.logged_in(passenger)
            booking = self.own_booking(passenger, number)
            if booking["state"] != "COMPLETED":
                raise Rejected(f"booking {number} has not been travelled")
            if self.db.execute("SELECT 1 FROM feedback WHERE booking = ?", (number,)).fetchone():
                raise Rejected(f"feedback on booking {number} was given")
            self.db.execute("INSERT INTO feedback VALUES (?, ?, ?)", (number, passenger, words))
            return Shown("M28", "Feedback is successfully sent.")
